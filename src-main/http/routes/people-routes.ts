/** HTTP routes of users, projects, jurisdictions and search (spec §4.1, §4.2, §4.6). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../src-shared/api/people.js';
import { apiError } from '../../../src-shared/api/common.js';
import { sizingResponse, type SizingResponse } from '../../../src-shared/api/sizing.js';
import { FIVE_DIGIT_ZIP } from '../../../src-shared/api/zip-code.js';
import type { ProjectSizing } from '../../../src-shared/sizing/index.js';
import { projectCreateBody, projectPatchBody, statusChangeBody } from '../../../src-shared/api/project-write.js';
import { CONSTRUCTION_TYPE_KEYS, USER_TYPE_KEYS } from '../../../src-shared/api/vocabulary.js';
import type { Engine } from '../../engine/engine.js';
import type { Viewer } from '../../engine/projects/render-project.js';
import { requireScope } from '../auth.js';
import { sendList } from '../lists.js';
import { arrayParam, pagingQuery } from '../query.js';
import type { Actor } from '../../../src-shared/api/project-status.js';
import type { FastifyRequest } from 'fastify';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const writeErrors = { ...errors, 409: apiError, 413: apiError };
const idParam = (name: string) =>
  z.object({ id: z.string().regex(/^\d{1,15}$/, { error: `The ${name} id is a positive whole number.` }).transform(Number) });
/** Boolean parameters: true/false (also 1/0, yes/no), any case. */
const flag = (name: string) =>
  z
    .string({ error: `"${name}" must be given once.` })
    .transform((v, ctx) => {
      const t = v.trim().toLowerCase();
      if (['true', '1', 'yes'].includes(t)) return true;
      if (['false', '0', 'no', ''].includes(t)) return false;
      ctx.addIssue({ code: 'custom', message: `"${name}" must be true or false.` });
      return z.NEVER;
    })
    .default(false);
const zip = z.string().regex(FIVE_DIGIT_ZIP, { error: 'A zip code is five digits.' });

const viewerOf = (request: FastifyRequest): Viewer => ({ personal: request.apiScopes.has('users') });
const actorsOf = (request: FastifyRequest): Actor[] => (request.apiScopes.has('admin') ? ['user', 'administrator'] : ['user']);
/** The query string as sent, with its "?" (user list items repeat it in their url, spec §2.2). */
const queryString = (request: FastifyRequest) => {
  const i = request.url.indexOf('?');
  return i < 0 ? '' : request.url.slice(i);
};

/** A sizing as the API serves it: the unrounded working figures (`raw`) stay inside. */
function sizingBody({ raw: _raw, ...sizing }: ProjectSizing): SizingResponse {
  return { object: 'sizing', ...sizing };
}

export const peopleRoutes =
  (engine: Engine): FastifyPluginAsyncZod =>
  async (app) => {
    // Bodies here are JSON only (docs/api.md): plain text is a 415, not a string to validate.
    app.removeContentTypeParser('text/plain');
    const users = { config: { scope: 'users' as const } };
    const projects = { config: { scope: 'projects' as const } };
    const jurisdictions = { config: { scope: 'jurisdictions' as const } };

    // --- Users ---------------------------------------------------------------------------
    app.get('/api/users', {
      ...users,
      schema: {
        tags: ['Users'],
        summary: 'Users, optionally of some types; each item with its project counts',
        querystring: z.object({ types: arrayParam(z.enum(USER_TYPE_KEYS, { error: `types must be user type keys: ${USER_TYPE_KEYS.join(', ')}.` })).optional(), ...pagingQuery }).strict(),
        response: { 200: api.userList, ...errors },
      },
      handler: async (request, reply) => sendList(request, reply, await engine.users.list(request.query.types, request.query, queryString(request))),
    });

    app.post('/api/users-by-zip-code', {
      ...users,
      schema: {
        tags: ['Users'],
        summary: 'Users whose profile zip code is one of zip_codes',
        description: 'Body: {"zip_codes": "60601"} or {"zip_codes": ["60601", "60602"]} (JSON). Paged with limit / offset in the query.',
        body: z.object({ zip_codes: z.union([zip, z.array(zip).min(1).max(1000)], { error: 'zip_codes is a zip code or an array of them.' }) }).strict(),
        querystring: z.object(pagingQuery).strict(),
        response: { 200: api.userList, ...errors, 413: apiError, 415: apiError },
      },
      handler: async (request, reply) => {
        const zips = typeof request.body.zip_codes === 'string' ? [request.body.zip_codes] : request.body.zip_codes;
        return sendList(request, reply, await engine.users.byZipCodes(zips, request.query, queryString(request)));
      },
    });

    const userQuery = z.object({ projects: flag('projects'), contacts: flag('contacts'), ...pagingQuery }).strict();
    const userOptions = (request: FastifyRequest, q: z.output<typeof userQuery>) => {
      if (q.projects) requireScope(request.apiScopes, 'projects');
      if (q.contacts) requireScope(request.apiScopes, 'jurisdictions');
      return { projects: q.projects, contacts: q.contacts, page: { limit: q.limit, offset: q.offset } };
    };

    app.get('/api/users/:id', {
      ...users,
      schema: {
        tags: ['Users'],
        summary: 'One user; projects=true embeds the projects (paged by limit / offset), contacts=true adds jurisdiction contacts',
        params: idParam('user'),
        querystring: userQuery,
        response: { 200: api.user, ...errors },
      },
      handler: async (request) => engine.users.byId(request.params.id, userOptions(request, request.query), viewerOf(request)),
    });

    app.get('/api/user-by-email/:email', {
      ...users,
      schema: {
        tags: ['Users'],
        summary: 'One user by e-mail (any case); the same response as by id',
        params: z.object({ email: z.string().min(3).max(320).includes('@', { error: 'That is not an e-mail address.' }) }),
        querystring: userQuery,
        response: { 200: api.user, ...errors },
      },
      handler: async (request) => engine.users.byEmail(request.params.email, userOptions(request, request.query), viewerOf(request)),
    });

    // --- Projects ------------------------------------------------------------------------
    app.get('/api/projects', {
      ...projects,
      schema: {
        tags: ['Projects'],
        summary: 'Projects (reduced), optionally by address zip codes and construction types',
        querystring: z
          .object({
            zip_codes: arrayParam(zip).optional(),
            types: arrayParam(z.enum(CONSTRUCTION_TYPE_KEYS, { error: `types must be construction types: ${CONSTRUCTION_TYPE_KEYS.join(', ')}.` })).optional(),
            ...pagingQuery,
          })
          .strict(),
        response: { 200: api.projectList, ...errors },
      },
      handler: async (request, reply) => {
        const { zip_codes, types, limit, offset } = request.query;
        return sendList(request, reply, await engine.projects.list({ zip_codes, types }, { limit, offset }, viewerOf(request)));
      },
    });

    app.get('/api/projects/:id', {
      ...projects,
      schema: {
        tags: ['Projects'],
        summary: 'One project; notes, accessories and fixtures on request',
        params: idParam('project'),
        querystring: z.object({ notes: flag('notes'), accessories: flag('accessories'), fixtures: flag('fixtures') }).strict(),
        response: { 200: api.project, ...errors },
      },
      handler: async (request) => engine.projects.get(request.params.id, request.query, viewerOf(request)),
    });

    app.get('/api/projects/:id/sizing', {
      ...projects,
      schema: {
        tags: ['Projects'],
        summary: "The project's full sizing with the current catalog: the recommendation, its reasons, every failed candidate, and the step-by-step derivation",
        params: idParam('project'),
        querystring: z.object({}).strict(),
        response: { 200: sizingResponse, ...errors },
      },
      handler: async (request) => sizingBody(await engine.projects.sizingDetails(request.params.id)),
    });

    app.post('/api/sizing', {
      ...projects,
      schema: {
        tags: ['Projects'],
        summary: 'Size project inputs without saving them (a project write body; project_id applies it to a stored project)',
        querystring: z.object({ project_id: z.string().regex(/^\d{1,15}$/).transform(Number).optional() }).strict(),
        body: projectPatchBody,
        response: { 200: sizingResponse, ...errors },
      },
      handler: async (request) => sizingBody(await engine.projects.preview(request.body, request.query.project_id)),
    });

    app.post('/api/projects', {
      ...projects,
      schema: {
        tags: ['Projects'],
        summary: 'Create a Draft project; the sizing is computed in the same transaction',
        body: projectCreateBody,
        querystring: z.object({}).strict(),
        response: { 201: api.project, ...writeErrors, 415: apiError },
      },
      handler: async (request, reply) => {
        const created = await engine.projects.create(request.body, viewerOf(request));
        return reply.code(201).header('Location', created.url).send(created);
      },
    });

    app.patch('/api/projects/:id', {
      ...projects,
      schema: {
        tags: ['Projects'],
        summary: "Change a Draft's inputs and fixtures (any subset of the project's fields; the GET body can be sent back)",
        params: idParam('project'),
        body: projectPatchBody,
        querystring: z.object({}).strict(),
        response: { 200: api.project, ...writeErrors, 415: apiError },
      },
      handler: async (request) => engine.projects.update(request.params.id, request.body, viewerOf(request)),
    });

    app.delete('/api/projects/:id', {
      ...projects,
      schema: {
        tags: ['Projects'],
        summary: 'Delete a Draft (anything submitted stays on record: close it instead)',
        params: idParam('project'),
        querystring: z.object({ version: z.string().regex(/^\d{1,15}$/).transform(Number).optional() }).strict(),
        response: { 204: z.undefined(), ...writeErrors },
      },
      handler: async (request, reply) => {
        await engine.projects.delete(request.params.id, request.query.version);
        return reply.code(204).send();
      },
    });

    app.post('/api/projects/:id/status', {
      ...projects,
      schema: {
        tags: ['Projects'],
        summary: 'Move a project through its review (see docs/api.md for the allowed transitions and who may make them)',
        params: idParam('project'),
        body: statusChangeBody,
        querystring: z.object({}).strict(),
        response: { 200: api.project, ...writeErrors },
      },
      handler: async (request) => engine.projects.changeStatus(request.params.id, request.body.status, actorsOf(request), request.body.version, viewerOf(request)),
    });

    // --- Jurisdictions -------------------------------------------------------------------
    app.get('/api/jurisdictions', {
      ...jurisdictions,
      schema: {
        tags: ['Jurisdictions'],
        summary: 'Jurisdictions, optionally of a state or governing a zip code',
        querystring: z
          .object({ state: z.string().regex(/^[A-Za-z]{2}$/, { error: 'state is a two-letter code.' }).transform((s) => s.toUpperCase()).optional(), zip_code: zip.optional(), ...pagingQuery })
          .strict(),
        response: { 200: api.jurisdictionList, ...errors },
      },
      handler: async (request, reply) => {
        const { state, zip_code, limit, offset } = request.query;
        return sendList(request, reply, await engine.jurisdictions.list({ state, zip_code }, { limit, offset }, viewerOf(request)));
      },
    });

    app.get('/api/jurisdictions/:id', {
      ...jurisdictions,
      schema: {
        tags: ['Jurisdictions'],
        summary: 'One jurisdiction with its rules and zip codes; contacts=true adds its contacts',
        params: idParam('jurisdiction'),
        querystring: z.object({ contacts: flag('contacts') }).strict(),
        response: { 200: api.jurisdiction, ...errors },
      },
      handler: async (request) => engine.jurisdictions.get(request.params.id, request.query.contacts, viewerOf(request)),
    });

    app.get('/api/jurisdictions/:id/contacts', {
      ...jurisdictions,
      schema: {
        tags: ['Jurisdictions'],
        summary: "A jurisdiction's contacts (names, e-mails and phones need the users scope)",
        params: idParam('jurisdiction'),
        querystring: z.object(pagingQuery).strict(),
        response: { 200: api.contactList, ...errors },
      },
      handler: async (request, reply) => sendList(request, reply, await engine.jurisdictions.contacts(request.params.id, request.query, viewerOf(request))),
    });

    // --- Search --------------------------------------------------------------------------
    const scopeOfType = { user: 'users', project: 'projects', jurisdiction: 'jurisdictions' } as const;
    app.get('/api/search', {
      config: { scope: 'any' },
      schema: {
        tags: ['Search'],
        summary: 'Free-text search; the response is a list of the resource named by type',
        description: 'Words match as prefixes, all must match, case and accents are ignored, best first. FTS5 syntax (OR, "phrase") works; anything it cannot parse is searched as plain words.',
        querystring: z
          .object({
            type: z.enum(['user', 'jurisdiction', 'project'], { error: 'type must be user, jurisdiction or project.' }),
            query: z.string({ error: '"query" must be given once.' }).min(1, { error: 'The query is empty.' }).max(500),
            ...pagingQuery,
          })
          .strict(),
        response: { 200: z.union([api.userList, api.projectList, api.jurisdictionList]), ...errors },
      },
      handler: async (request, reply) => {
        const { type, query, limit, offset } = request.query;
        requireScope(request.apiScopes, scopeOfType[type]);
        const { ids, total } = await engine.search.ids(type, query, { limit, offset });
        const viewer = viewerOf(request);
        if (type === 'user') return sendList(request, reply, { data: await engine.users.listByIds(ids, queryString(request)), total });
        if (type === 'project') return sendList(request, reply, { data: await engine.projects.listByIds(ids, viewer), total });
        return sendList(request, reply, { data: await engine.jurisdictions.listByIds(ids, viewer), total });
      },
    });
  };
