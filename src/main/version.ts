// The attribute lets Node's own loader (Playwright's fixtures import main code) read it as JSON.
import packageJson from '../../package.json' with { type: 'json' };

export const APP_VERSION: string = packageJson.version;
