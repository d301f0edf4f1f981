import { z } from 'zod';
import { defineCall } from './call';
import { currencyIdField, intField, textField } from './common';
import { idField, pageField, reasonField, sizeField } from './desk-fields';

/**
 * The finance desk's manual adjustments of a member's main balance: a change above the approval
 * threshold waits for a second operator. Operators only; every action is audited.
 */

/** Where a manual balance adjustment stands. */
export const adjustmentStatus = { pending: 0, applied: 1, rejected: 2 } as const;

/** A manual adjustment of a member's main balance, as the finance desk sees it. */
export const adjustmentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  currencyId: z.number().int(),
  /** Signed minor units: positive credits the member, negative debits them. */
  amount: z.number().int(),
  scale: z.number().int(),
  reason: z.string(),
  /** 0 waiting for a second operator, 1 applied, 2 rejected. */
  status: z.number().int(),
  createdBy: z.number().int(),
  createdAt: z.number().int(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentCreate = defineCall({
  path: '/admin/api/adjustment/create',
  auth: { operator: ['finance'] },
  tag: 'finance',
  summary:
    "Credit or debit a member's main balance by hand, with a reason. Up to the approval threshold it applies at once; above it, it waits for a second finance operator. An Idempotency-Key makes a retry return the same adjustment.",
  input: z.object({
    userId: idField(),
    currencyId: currencyIdField(),
    /** Signed minor units of the currency, not zero. */
    amount: intField().pipe(
      z
        .number()
        .min(-1_000_000_000_000)
        .max(1_000_000_000_000)
        .refine((value) => value !== 0, 'must not be zero'),
    ),
    scale: intField().pipe(z.number().min(0).max(18)),
    reason: reasonField(),
  }),
  output: adjustmentSchema,
});

export const adjustmentDecide = defineCall({
  path: '/admin/api/adjustment/decide',
  auth: { operator: ['finance'] },
  tag: 'finance',
  summary:
    'A second finance operator (never the one who asked) approves a waiting adjustment, which applies it, or rejects it with a reason.',
  input: z.object({
    id: idField(),
    decision: z.enum(['approve', 'reject']),
    /** Required to reject. */
    reason: textField(200).min(1).optional(),
  }),
  output: adjustmentSchema.extend({ applied: z.boolean() }),
});

export const adjustmentList = defineCall({
  path: '/admin/api/adjustment/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['finance'] },
  tag: 'finance',
  summary:
    'Adjustments, newest first, by status and member, and the approval threshold they are held to.',
  input: z.object({
    status: intField().pipe(z.number().min(0).max(2)).optional(),
    userId: idField().optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({
    records: z.array(adjustmentSchema),
    total: z.number().int(),
    /** Adjustments of more than this many major units (either way) wait for a second operator. */
    approvalAboveMajor: z.number().int(),
  }),
});

export const adjustmentCalls = [adjustmentCreate, adjustmentDecide, adjustmentList] as const;
