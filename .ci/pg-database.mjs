// Creates or drops a database on the machine's PostgreSQL (trust auth) for one CI run.
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: pg-database.mjs create|drop NAME');
  process.exit(2);
}
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await client.connect();
await client.query(action === 'create' ? `create database ${name}` : `drop database if exists ${name} with (force)`);
await client.end();
console.log(`${action === 'create' ? 'created' : 'dropped'} database ${name}`);
