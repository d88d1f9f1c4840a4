import { introspectionFromSchema, printSchema } from 'graphql';
import { minifyIntrospection, outputIntrospectionFile } from '@gql.tada/internal';
import { buildSchema } from '../server/api/graphql/schema.ts';

/**
 * The two files written from the schema the server builds: its SDL, and the introspection types
 * gql.tada types the operation documents with (what `gql.tada generate output` writes, byte for
 * byte, without reading a schema file).
 */
export function schemaFiles(): { sdl: string; envTypes: string } {
  const schema = buildSchema();
  return {
    sdl: `${printSchema(schema)}\n`,
    envTypes: outputIntrospectionFile(minifyIntrospection(introspectionFromSchema(schema)), { fileType: '.d.ts', shouldPreprocess: true }),
  };
}
