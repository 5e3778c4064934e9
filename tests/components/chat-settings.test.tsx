/**
 * The chat's settings popover: it shows what the conversation has (an empty field is the model's
 * default), saves the system prompt with the parameters typed, as numbers, empties back to null,
 * and puts every parameter back to the model's default in one click.
 */
import { fireEvent, screen } from '@testing-library/react';
import '@/components/markdown/messages';
import { type ChatSettingsValue, NO_SETTINGS, SettingsButton } from '@/pages/assistant/chat/components/ChatSettings';
import { renderAdmin } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

beforeEach(() => resetUmiStandIn());

const open = () => fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

test('a new chat: every field empty (the model decides); what is typed is saved as numbers with the prompt', () => {
  const saved: ChatSettingsValue[] = [];
  renderAdmin(<SettingsButton value={NO_SETTINGS} maxOutput={4096} onSave={(v) => saved.push(v)} />);
  open();
  for (const name of [/^Temperature/, /^Top-p/, /^Longest answer/]) {
    expect(field(name)).toHaveValue('');
    expect(field(name)).toHaveAttribute('placeholder', 'Model default');
  }
  fireEvent.change(screen.getByLabelText('System prompt'), { target: { value: 'Be brief.' } });
  fireEvent.change(field(/^Temperature/), { target: { value: '0.3' } });
  fireEvent.change(field(/^Longest answer/), { target: { value: '800' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(saved).toEqual([{ system_prompt: 'Be brief.', temperature: 0.3, top_p: null, max_tokens: 800 }]);
});

test("a conversation's settings are shown; emptied fields and the reset give the parameters back to the model", () => {
  const saved: ChatSettingsValue[] = [];
  const value = { system_prompt: 'Pirate.', temperature: 1.2, top_p: 0.9, max_tokens: 300 };
  renderAdmin(<SettingsButton value={value} maxOutput={4096} onSave={(v) => saved.push(v)} />);
  // set parameters show on the button
  expect(screen.getByRole('button', { name: 'Settings' })).toHaveClass('ant-btn-primary');
  open();
  expect(field(/^Temperature/)).toHaveValue('1.20');
  expect(field(/^Top-p/)).toHaveValue('0.90');
  expect(field(/^Longest answer/)).toHaveValue('300');
  fireEvent.change(field(/^Top-p/), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(saved[0]).toEqual({ system_prompt: 'Pirate.', temperature: 1.2, top_p: null, max_tokens: 300 });

  open();
  fireEvent.click(screen.getByRole('button', { name: 'Back to the model’s defaults' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(saved[1]).toEqual({ system_prompt: 'Pirate.', temperature: null, top_p: null, max_tokens: null });
});
