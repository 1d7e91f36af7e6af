// The command palette's search (docs/api.md#search): every role (`search:read`), an API token with its role;
// `users` only for the roles that may list users.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '../../contract/search';
import { actorOf } from '../plugins/auth';
import type { SearchService } from '../services/search/search-service';
import { errorResponses, staffOperations } from './route-schemas';

const schema = staffOperations('search', errorResponses(400, 401, 403));

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/search',
    {
      onRequest: app.requireCapability('search:read'),
      schema: schema({
        description:
          "Certificates (by serial number, or by client name), live clients (by name) and live users (by name or e-mail address; empty for editors and viewers) that `q` finds, ignoring case, each group at most `limit`. Under three characters `q` matches the start of a value, from three on anywhere in it; a `q` that is a certificate's id finds that certificate first. Certificates come exact serial number first, then serial numbers starting with `q`, then holding it, then client-name matches, ties by serial number; clients and users whose name (or e-mail address) starts with `q` first, each part in name order.",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      }),
    },
    async (request) => ({ data: await search.search(request.query, actorOf(request).role) }),
  );
};
