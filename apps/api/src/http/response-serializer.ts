import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySchemaCompiler<z.ZodType>>[0];

/**
 * Responses are written by fast-json-stringify (what Fastify itself uses), compiled once per
 * route and status from the contract's zod schema seen as JSON Schema (its output side): no zod
 * pass per request, and only the schema's fields are written, as zod's own encoding would. A
 * schema that JSON Schema cannot express keeps the zod serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (routeSchema) => {
  let serializer = serializers.get(routeSchema.schema);
  if (!serializer) {
    const jsonSchema = toJsonSchema(routeSchema.schema);
    serializer = jsonSchema
      ? fastJson(jsonSchema)
      : zodSerializerCompiler(routeSchema as RouteSchema);
    serializers.set(routeSchema.schema, serializer);
  }
  return serializer;
};

type Serializer = (data: unknown) => string;

/**
 * The serializer of each contract schema, compiled once per process: a schema shared by several
 * routes (a list and its item) and every app a process builds (each API test file builds its
 * own: compiling the serializers was a third of it) reuse it. A serializer depends on its schema
 * only.
 */
const serializers = new WeakMap<z.ZodType, Serializer>();

function toJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const { $schema: _draft, ...jsonSchema } = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-07',
      unrepresentable: 'throw',
    });
    return withoutRequired(jsonSchema) as Record<string, unknown>;
  } catch {
    return null;
  }
}

// Subschema positions of a generated JSON Schema: a property *named* "required" (a form field's
// flag) is a key of `properties`, never a keyword, and stays.
const SUBSCHEMAS = [
  'items',
  'additionalProperties',
  'not',
  'anyOf',
  'oneOf',
  'allOf',
  'prefixItems',
];
const SUBSCHEMA_MAPS = ['properties', 'definitions', '$defs', 'patternProperties'];

/**
 * fast-json-stringify writes required properties before optional ones; zod (and JSON.stringify)
 * keep the schema's order. Without `required` it writes every property in the contract's order and
 * leaves out the undefined ones, so the bytes are the ones zod would give.
 */
function withoutRequired(schema: unknown): unknown {
  if (Array.isArray(schema) || schema === null || typeof schema !== 'object') return schema;
  const result: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'required') continue;
    if (SUBSCHEMAS.includes(keyword)) {
      result[keyword] = Array.isArray(value) ? value.map(withoutRequired) : withoutRequired(value);
    } else if (SUBSCHEMA_MAPS.includes(keyword) && value && typeof value === 'object') {
      result[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, subschema]) => [name, withoutRequired(subschema)]),
      );
    } else result[keyword] = value;
  }
  return result;
}
