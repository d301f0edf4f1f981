import { z } from 'zod';
import { defineCall } from './call';
import { intField } from './common';
import { reasonField } from './desk-fields';

/** The site desk's control switches (SPEC §4): admins only, audited. */

export const siteSwitches = defineCall({
  path: '/admin/api/site/switches',
  methods: ['GET', 'POST'],
  auth: { operator: ['admin'] },
  tag: 'site',
  summary:
    'The control switches on now (SPEC §4: each hides sports or plays from members) and every switch there is.',
  input: z.object({}),
  output: z.object({
    controlSwitches: z.array(z.number().int()),
    /** Every switch of SPEC §4's table, on or off. */
    known: z.array(z.number().int()),
  }),
});

export const siteSwitchesSet = defineCall({
  path: '/admin/api/site/switches/set',
  auth: { operator: ['admin'] },
  tag: 'site',
  summary:
    'Replace the control switches (the whole list; an empty list shows every sport), with a reason. Members see the change within seconds.',
  input: z.object({
    controlSwitches: z.array(intField()).max(100),
    reason: reasonField(),
  }),
  output: z.object({
    controlSwitches: z.array(z.number().int()),
    /** False when the switches already stood so. */
    applied: z.boolean(),
  }),
});

export const siteSwitchCalls = [siteSwitches, siteSwitchesSet] as const;
