import { connectDatabase } from '/work/main/server/db/connect.ts';
import { RoleMapCache } from '/work/main/server/modules/roles/role-maps.ts';
import { sql } from 'kysely';
import pg from 'pg';
const url = 'postgres://postgres@127.0.0.1:5432/test';
const { db, pool } = connectDatabase(url, 5);
const cache = new RoleMapCache(db, pool, { warn: (...a: unknown[]) => console.log('WARN', String((a[1] ?? a[0]))), info() {}, error: console.error } as never);
await cache.listen();
// a checked-out client in a transaction, idle
const busy = await pool.connect();
await busy.query('begin');
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const r = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname='test' and pid <> pg_backend_pid() and application_name = ''`);
console.log('terminated', r.rowCount);
await new Promise((res) => setTimeout(res, 1500));
console.log('still alive');
process.exit(0);
