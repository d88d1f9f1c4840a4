/**
 * `npm run start:cluster`'s entry (dist/server/cluster.js): production mode before React and
 * Express load, then the cluster (server/cluster.ts), as server/start.ts does for one process.
 * The workers run this file again and inherit the primary's environment.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
await import('./cluster.ts');
