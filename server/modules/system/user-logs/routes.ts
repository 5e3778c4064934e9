/** User logs (safety/list): newest first; needs READ_UNI_ID_LOG. Read-only. */
import { Type } from '@sinclair/typebox';
import { registerListRoutes } from '../../../core/list/routes';
import type { ModuleContext } from '../../services';
import { ACCESS } from '../../../core/access';
import { userLogList } from './service';

export async function userLogRoutes({ app, db }: ModuleContext) {
  // the UserLog row schema (schemas.ts) is added by the dashboard, whose admin home lists recent entries too
  registerListRoutes(app, {
    base: '/api/system/user-logs',
    tags: ['system: user logs'],
    spec: userLogList,
    row: Type.Ref('UserLog'),
    db,
    access: { read: ACCESS.userLogs.read, delete: ACCESS.userLogs.read },
  });
}
