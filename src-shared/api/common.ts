/**
 * Value objects and conventions shared by every resource of the service API (spec §1, §2.1).
 * One zod schema per shape: it gives the TypeScript type, validates responses in tests and
 * feeds the OpenAPI document.
 */
import { z } from 'zod';

/** Dates are served as MM/DD/YYYY (spec §1). */
export const apiDate = z.string().regex(/^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/).meta({ description: 'Date as MM/DD/YYYY', example: '03/14/2024' });

export const measurement = z
  .object({ object: z.literal('measurement'), value: z.number(), unit: z.string() })
  .strict()
  .meta({ id: 'Measurement' });

/** A measurement in both unit systems (ratings, capacities). */
export const measurementSet = z
  .object({ object: z.literal('dimension-set'), standard: measurement, metric: measurement })
  .strict()
  .meta({ id: 'MeasurementSet' });

export const productDimensions = z
  .object({ object: z.literal('dimensions'), length: measurement, width: measurement, height: measurement, weight: measurement })
  .strict()
  .meta({ id: 'ProductDimensions' });

export const productDimensionSet = z
  .object({ object: z.literal('dimension-set'), standard: productDimensions, metric: productDimensions })
  .strict()
  .meta({ id: 'ProductDimensionSet' });

export const price = z
  .object({ object: z.literal('price'), multiplier: z.number(), price: z.string().meta({ example: '4,919.60' }) })
  .strict()
  .meta({ id: 'Price' });

export const productPrice = z
  .object({ object: z.literal('product-price'), list: z.string().meta({ example: '7,028.00' }), retail: price, wholesale: price })
  .strict()
  .meta({ id: 'ProductPrice' });

const imageSizes = { orig: z.string(), lg: z.string(), md: z.string(), sm: z.string() };

export const imageLibrary = z
  .object({ object: z.literal('image-library'), ...imageSizes })
  .strict()
  .meta({ id: 'ImageLibrary', description: 'lg is 1400 px wide, md 800 px, sm 300 px, orig the uploaded original' });

export const productImageLibrary = z
  .object({ object: z.literal('product-image-library'), primary: imageLibrary, dimension: imageLibrary })
  .strict()
  .meta({ id: 'ProductImageLibrary' });

/** `{object: "list", url, data}`; `url` repeats the request path and query. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ object: z.literal('list'), url: z.string(), data: z.array(item) }).strict();
}

export const apiError = z
  .object({
    object: z.literal('error'),
    status: z.number().int().min(400).max(599),
    code: z.string().meta({ description: 'Stable machine-readable error code, e.g. not_found, invalid_parameter' }),
    message: z.string().meta({ description: 'Human-readable explanation' }),
    param: z.string().nullable().meta({ description: 'The parameter or body field at fault, if any' }),
  })
  .strict()
  .meta({ id: 'Error' });

export type ApiErrorBody = z.infer<typeof apiError>;
export type Measurement = z.infer<typeof measurement>;
export type MeasurementSet = z.infer<typeof measurementSet>;
export type ProductDimensionSet = z.infer<typeof productDimensionSet>;
export type ImageLibrary = z.infer<typeof imageLibrary>;
