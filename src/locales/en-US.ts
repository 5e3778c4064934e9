// umi reads translations only from src/locales: this re-exports the shared catalogue.
import messages from '../../locales/en-US.json';

export default messages as Record<string, string>;
