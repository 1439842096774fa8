import { MESSAGES } from '@tarang/shared/common/messages';
import { trimmedText } from '@tarang/shared/common/text';
import { ZSearchQuery, ZSearchResult } from '@tarang/shared/search/search.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { envelope } from '../../http/envelope';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { globalSearch } from './search.service';

export function searchRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['search'],
    summary: 'Global search: SIMS, JOBS, ORGS, USERS',
    querystring: ZSearchQuery,
    response: { 200: envelope(ZSearchResult) },
  };

  r.get('/search/:term', {
    // Each result group checks its own module permission inside the search.
    config: { access: access.signedIn('subtree') },
    // The term is checked by the search itself, so an empty one answers with the console's own words.
    schema: { ...schema, params: z.object({ term: trimmedText() }) },
    handler: async (request) =>
      ok(await globalSearch(deps, contextOf(request), request.params.term, request.query.from, request.query.limit)),
  });

  // GET /search/ (an empty term) reaches this route: the term is missing.
  r.get('/search', {
    config: { access: access.signedIn('subtree') },
    schema: { ...schema, summary: 'Global search without a term: always 400' },
    handler: async () => {
      throw new AppError('VALIDATION_FAILED', MESSAGES.emptySearch, { errors: [{ path: 'term', message: MESSAGES.emptySearch }] });
    },
  });
}
