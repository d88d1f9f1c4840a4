/**
 * Writes the API's introspection types for gql.tada to `server/api/graphql-env.d.ts`, from the
 * schema the server builds (modules, resources, read models), and its SDL to `schema.graphql` for
 * editors and API clients. The operation documents (server/api/documents.ts) are typed from the
 * first, so after a change of the schema run `npm run schema`: a renamed field then fails `tsc`
 * where a page reads it, and `test/integration/operations.test.ts` fails while the file is stale.
 * `schema.graphql` is not kept in git: it is a copy of the resolvers' own SDL, written on demand.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaFiles } from './schema-files.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { sdl, envTypes } = schemaFiles();
writeFileSync(path.join(ROOT, 'server/api/graphql-env.d.ts'), envTypes);
writeFileSync(path.join(ROOT, 'schema.graphql'), sdl);
