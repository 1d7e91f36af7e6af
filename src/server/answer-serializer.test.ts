import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, builtFieldByField } from './answer-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('the answer serializer', () => {
  it('passes every answer through its schema, so a field the schema does not list never leaves', () => {
    const serialize = answerSerializerCompiler(route(z.object({ name: z.string() })));
    expect(serialize({ name: 'a', passwordHash: 'x' })).toBe('{"name":"a"}');
  });

  it('writes the answers of routes that build them field by field as they are', () => {
    const serialize = answerSerializerCompiler(route(builtFieldByField(z.object({ status: z.string() }))));
    expect(serialize({ status: 'ok' })).toBe('{"status":"ok"}');
  });
});
