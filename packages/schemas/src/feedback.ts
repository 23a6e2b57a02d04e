import { z } from 'zod';
import { zEmail, zText } from './fields.ts';
import { LIMITS } from './limits.ts';
import { zFullName } from './user.ts';

export const ZFeedback = z
  .object({
    id: z.number().int().describe('Feedback id'),
    fullName: z.string().describe('Who sent it'),
    email: z.string().describe('Where to answer'),
    note: z.string().describe('The feedback'),
  })
  .meta({ id: 'Feedback' });
export type TFeedback = z.infer<typeof ZFeedback>;

export const ZFeedbackInput = z.object({
  fullName: zFullName,
  email: zEmail,
  note: zText('Feedback', LIMITS.feedbackNoteMax, 1, { multiline: true }).describe('The feedback, 1 to 2000 characters'),
});
export type TFeedbackInput = z.infer<typeof ZFeedbackInput>;
