// umi reads translations only from src/locales: this re-exports the shared catalogue.
import messages from '../../locales/zh-TW.json';

export default messages as Record<string, string>;
