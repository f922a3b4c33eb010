/**
 * The sizing report as a PDF (docs/api.md "The report PDF"): `GET /api/projects/:id/report.pdf`
 * for tools on this machine (projects scope). The browser mode downloads the same bytes through
 * the bridge (bridge-routes.ts); the desktop app's File → Export writes them to a file.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Engine } from '../../engine/engine.js';

export const reportQuery = z
  .object({
    units: z.enum(['standard', 'metric'], { error: 'units is standard or metric.' }).default('standard'),
    /** The unit's list price on the data sheet: the rep's choice, off unless asked for. */
    price: z
      .enum(['true', 'false'], { error: 'price is true or false.' })
      .default('false')
      .transform((v) => v === 'true'),
  })
  .strict();

/** A file name from the project's name: letters, digits and dashes only. */
export function reportFileName(id: number, name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `sizing-report-${id}${slug ? `-${slug}` : ''}.pdf`;
}

export const reportRoutes =
  (engine: Engine): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/projects/:id/report.pdf', {
      config: { scope: 'projects' as const },
      schema: {
        tags: ['Projects'],
        summary: "The project's sizing report as a PDF: inputs, the calculation sheet, the recommended unit, sign-off; DRAFT watermark on drafts",
        params: z.object({ id: z.string().regex(/^\d{1,15}$/, { error: 'The project id is a positive whole number.' }).transform(Number) }),
        querystring: reportQuery,
      },
      handler: async (request, reply) => {
        const pdf = await engine.reports.pdf(request.params.id, request.query.units, new Date(), request.query.price);
        const project = await engine.projects.get(request.params.id, {}, { personal: false });
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${reportFileName(project.id, project.name)}"`)
          .send(pdf);
      },
    });
  };
