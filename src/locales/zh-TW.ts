// umi reads translations only from src/locales. The main catalogue of this language loads on
// demand (src/shared/catalogues.ts): the first script carries English only.
export default {} as Record<string, string>;
