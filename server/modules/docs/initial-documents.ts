/**
 * The help documents every console starts with (added by slug when missing, see DocService.seed):
 * how to use this console, in en-US, zh-CN and zh-TW. Keep them true to the code they describe.
 */
import { gettingStarted } from './initial/getting-started';
import { signIn } from './initial/sign-in';
import { chat } from './initial/chat';
import { credits } from './initial/credits';
import { promptTemplates } from './initial/prompt-templates';
import { workspace } from './initial/workspace';
import type { InitialDocument } from './initial/document';

export type { InitialDocument };

/** in reading order: a section before the documents under it */
export const INITIAL_DOCUMENTS: InitialDocument[] = [gettingStarted, signIn, chat, credits, promptTemplates, workspace];
