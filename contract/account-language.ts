/** PUT /api/account/language: the signed-in user's language, kept on the account (docs/i18n.md). */
import { z } from 'zod';
import { languageCodes } from './languages';

export const languageSchema = z.enum(languageCodes);

export const accountLanguageRequestSchema = z.object({ language: languageSchema }).strict();
export type AccountLanguageRequest = z.infer<typeof accountLanguageRequestSchema>;

/** The answer, and what sign-in and token renewal carry beside the token: null until the user chose one. */
export const accountLanguageDataSchema = z.object({ language: languageSchema.nullable() });
export type AccountLanguageData = z.infer<typeof accountLanguageDataSchema>;
