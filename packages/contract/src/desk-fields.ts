import { z } from 'zod';
import { intField, textField } from './common';

/** Fields the back office's desks share: paging, ids and the reason every change gives. */
export const pageField = () => intField().pipe(z.number().min(1).max(10_000)).default(1);
export const sizeField = () => intField().pipe(z.number().min(1).max(100)).default(20);
export const idField = () => intField().pipe(z.number().positive());
export const reasonField = () => textField(200).min(1);
