export * from './accounts';
export * from './menus';
