/**
 * `npm start`'s entry (dist/server/main.js): production mode for the whole process, then the
 * server (server/main.ts). NODE_ENV must be set before React and Express are loaded — each picks
 * its production or development build, or mode, when it is first imported — so it is set here, in
 * a module that imports nothing, and the server follows by a dynamic import, which the bundle keeps
 * a separate chunk (scripts/build-server.ts: splitting). server/config.ts defaults the app's own
 * mode to production too; an explicit NODE_ENV still wins, and `npm run start:dev`
 * (server/dev.ts) sets development.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
await import('./main.ts');
