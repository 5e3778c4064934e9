/** Removes the e2e run's template install (tests/e2e/global-setup.ts). */
import { removeTemplate } from './global-setup';

export default async function teardown() {
  removeTemplate();
}
