// Every process of the console installs its words for zod's checks at its entry; the modules
// under test run with the same words.
import { installConsoleZodWords } from '../../../src/shared/zod-words';

installConsoleZodWords();
