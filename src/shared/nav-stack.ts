/**
 * The pages this tab has stacked up, kept from the router's actions, so that
 *  - the back button goes to '/' when only one page is in the stack, and
 *  - after login the app goes back by the number of login pages stacked, or to the first page.
 */
export type NavAction = 'PUSH' | 'REPLACE' | 'POP';

let stack: string[] = [];

export function recordNavigation(path: string, action: NavAction) {
  if (!stack.length) {
    stack = [path];
    return;
  }
  if (action === 'PUSH') stack.push(path);
  else if (action === 'REPLACE') stack[stack.length - 1] = path;
  else if (stack.length > 1 && stack[stack.length - 2] === path) stack.pop();
  else stack[stack.length - 1] = path;
}

export function stackDepth(): number {
  return stack.length;
}

export function navStack(): readonly string[] {
  return stack;
}

export function resetNavStack(initial: string[] = []) {
  stack = [...initial];
}

/**
 * How far to go back to leave the account pages on top of the stack, or null when nothing
 * else is below them (then the app goes to the first page).
 */
export function stepsBackPastAccountPages(isAccountPage: (path: string) => boolean): number | null {
  let n = 0;
  for (let i = stack.length - 1; i >= 0 && isAccountPage(stack[i].split('?')[0]); i--) n++;
  return n > 0 && n < stack.length ? n : null;
}
