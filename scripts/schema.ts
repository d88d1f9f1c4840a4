/**
 * Writes the API's schema as SDL to `schema.graphql` and its introspection types for gql.tada to
 * `server/api/graphql-env.d.ts`, from the schema the server builds (modules, resources, read
 * models). The operation documents (server/api/operations.ts) are typed from these, so after a
 * change of the schema run `npm run schema`: a renamed field then fails `tsc` where a page reads it,
 * and `test/integration/operations.test.ts` fails while the files are stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { printSchema } from 'graphql';
import { buildSchema } from '../server/api/graphql/schema.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
writeFileSync(path.join(ROOT, 'schema.graphql'), `${printSchema(buildSchema())}\n`);
execFileSync(path.join(ROOT, 'node_modules/.bin/gql.tada'), ['generate', 'output'], { cwd: ROOT, stdio: 'inherit' });
