import type { z } from 'zod';
import type { activeStatusFilterSchema } from '../../../contract/common';

export type ActiveStatusFilter = z.infer<typeof activeStatusFilterSchema>;
