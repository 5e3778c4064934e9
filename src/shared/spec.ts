/**
 * The spec's constants for the console: defined once in shared/constants.ts, which the server
 * re-exports from server/config.ts, so both use one value each.
 */
export { SPEC, LOGIN_CONFIG } from '../../shared/constants';
