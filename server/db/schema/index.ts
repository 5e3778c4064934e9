export * from './accounts';
export * from './menus';
export * from './system';
export * from './verification';
export * from './files';
export * from './realname';
export * from './ai';
export * from './credits';
