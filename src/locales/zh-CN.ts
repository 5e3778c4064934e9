// umi reads translations only from src/locales: this re-exports the shared catalogue.
import messages from '../../locales/zh-CN.json';

export default messages as Record<string, string>;
