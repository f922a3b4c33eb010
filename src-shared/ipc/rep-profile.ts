/**
 * The rep's details printed on reports (Settings → Your details on reports): one schema for the
 * IPC contract and the Settings form, which checks every field with it before saving, so all the
 * fields that need fixing are named at once.
 */
import { z } from 'zod';

export const repProfileSchema = z
  .object({
    company: z.string().trim().max(200, { error: 'The company name is at most 200 characters.' }),
    name: z.string().trim().max(200, { error: 'The name is at most 200 characters.' }),
    email: z.union([z.literal(''), z.email({ error: 'Enter an e-mail address, like name@company.com, or leave it empty.' })]),
    phone: z.string().trim().max(50, { error: 'The phone number is at most 50 characters.' }),
  })
  .strict();

/** Each field's first problem, by field name (empty: the details can be saved). */
export function repProfileProblems(values: unknown): Record<string, string> {
  const parsed = repProfileSchema.safeParse(values);
  const problems: Record<string, string> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    problems[key] ??= issue.message;
  }
  return problems;
}
