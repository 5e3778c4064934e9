/** Module declarations for the console's non-code imports. */
declare module '*.css';
declare module '*.less';
declare module '*.png';
declare module '*.jpg';
declare module '*.svg' {
  const url: string;
  export default url;
}
