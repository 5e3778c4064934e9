/** the icon components of @ant-design/icons, without the package index's other exports */
declare module '@ant-design/icons/es/icons' {
  export * from '@ant-design/icons/lib/icons';
}
