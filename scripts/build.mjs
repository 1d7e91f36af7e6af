// `npm run build`: the console into dist/ (scripts/console-build.mjs) and the server into dist-server/
// (scripts/server-build.mjs), as a production install runs them.
import { buildConsole } from './console-build.mjs';
import { buildServer } from './server-build.mjs';

buildConsole();
await buildServer();
