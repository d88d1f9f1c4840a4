/**
 * `npm run start:dev` (and `start:cluster:dev` with `--cluster`): the server from source in
 * development mode — GraphQL introspection, errors unmasked — the only way to get it: everything
 * else defaults to production (server/config.ts). An explicit NODE_ENV still wins. A cluster's
 * workers run this file again with the same arguments, and the same environment.
 */
process.env.NODE_ENV ??= 'development';
await (process.argv.includes('--cluster') ? import('./cluster.ts') : import('./main.ts'));
