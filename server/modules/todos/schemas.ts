/**
 * The task assistant's answers: their schemas (the routes declare them; the OpenAPI document names
 * them) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

const fields = {
  id: Type.String(),
  parent_id: Nullable(Type.String()),
  title: Type.String(),
  notes: Type.String(),
  due_date: Nullable(Type.String({ format: 'date' })),
  priority: Type.Integer({ minimum: 0, maximum: 3 }),
  done: Type.Boolean(),
  done_at: Nullable(Type.String({ format: 'date-time' })),
  position: Type.Number(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};
export const TodoSubtask = Type.Object(fields, { $id: 'TodoSubtask' });
export const TodoRow = Type.Object({ ...fields, subtasks: Type.Array(Type.Ref('TodoSubtask')) }, { $id: 'TodoRow' });
export const TodoCounts = Type.Object({ all: Type.Integer(), today: Type.Integer(), upcoming: Type.Integer(), done: Type.Integer() }, { $id: 'TodoCounts' });

export type TodoSubtask = Static<typeof TodoSubtask>;
export type TodoRow = Omit<Static<typeof TodoRow>, 'subtasks'> & { subtasks: TodoSubtask[] };
export type TodoCounts = Static<typeof TodoCounts>;
