export * from './accounts';
export * from './menus';
export * from './system';
export * from './verification';
