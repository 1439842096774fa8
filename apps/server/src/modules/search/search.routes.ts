import { MESSAGES } from '@tarang/shared/common/messages';
import { trimmedText } from '@tarang/shared/common/text';
import { ZSearchQuery, ZSearchResult } from '@tarang/shared/search/search.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { globalSearch } from './search.service';

export function searchRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['search'] });
  const searching = {
    access: access.signedIn('subtree'),
    summary: 'Global search: SIMS, JOBS, ORGS, USERS',
    querystring: ZSearchQuery,
    data: ZSearchResult,
  };

  route.get('/search/:term', {
    // Each result group checks its own module permission inside the search.
    ...searching,
    // The term is checked by the search itself, so an empty one answers with the console's own words.
    params: z.object({ term: trimmedText() }),
    handler: async (request) =>
      ok(await globalSearch(deps, contextOf(request), request.params.term, request.query.from, request.query.limit)),
  });

  // GET /search/ (an empty term) reaches this route: the term is missing.
  route.get('/search', {
    ...searching,
    summary: 'Global search without a term: always 400',
    handler: async () => {
      throw new AppError('VALIDATION_FAILED', MESSAGES.emptySearch, { errors: [{ path: 'term', message: MESSAGES.emptySearch }] });
    },
  });
}
