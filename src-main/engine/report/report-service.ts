/**
 * The report of one project as PDF bytes, for `GET /api/projects/:id/report.pdf`, the browser
 * mode's download and the desktop app's File → Export: the stored project, its full sizing with
 * the derivation, the recommended product's record and the rep's details.
 */
import type { Kysely } from 'kysely';
import packageJson from '../../../package.json' with { type: 'json' };
import type { SizingResponse } from '../../../src-shared/api/sizing.js';
import type { Database } from '../../store/schema.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { ProjectService } from '../projects/project-service.js';
import { readRepProfile } from './rep-profile.js';
import { keptDimensionPicture, type KeptMedia } from './kept-picture.js';
import { renderReportPdf, type ReportUnits } from './report-pdf.js';

export class ReportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectService,
    private readonly catalog: CatalogService,
    /** Pictures kept offline by the sync (issue 31); without them the data sheet draws the unit. */
    private readonly media: KeptMedia | null = null,
  ) {}

  async pdf(id: number, units: ReportUnits = 'standard', made = new Date(), price = false): Promise<Buffer> {
    const project = await this.projects.get(id, { fixtures: true }, { personal: true });
    const { raw: _raw, ...rest } = await this.projects.sizingDetails(id);
    const sizing: SizingResponse = { object: 'sizing', ...rest };
    const part = sizing.recommendation.product?.part_number;
    const product = part ? await this.catalog.getProduct(part, undefined).catch(() => null) : null;
    return renderReportPdf({
      project,
      sizing,
      product,
      rep: await readRepProfile(this.db),
      made,
      units,
      appVersion: packageJson.version,
      showPrice: price,
      dimensionImage: product && this.media ? (keptDimensionPicture(product.images, this.media) ?? undefined) : undefined,
    });
  }
}
