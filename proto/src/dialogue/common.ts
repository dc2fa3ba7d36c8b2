import { Type } from '@sinclair/typebox';

/** Small schema builders shared by the dialogue contracts, so every list and nullable field has the same shape and default. */
export const Id = (description: string) => Type.String({ minLength: 1, description });
export const IdList = (description: string) => Type.Array(Type.String({ minLength: 1 }), { default: [], description });
export const NullableId = (description: string) =>
  Type.Union([Type.String({ minLength: 1 }), Type.Null()], { default: null, description });
export const Count = (description: string, defaultValue = 0) =>
  Type.Integer({ minimum: 0, default: defaultValue, description });
export const Flag = (description: string, defaultValue = false) => Type.Boolean({ default: defaultValue, description });
export const NullableNumber = (description: string) =>
  Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { default: null, description });
export const Text = (description: string, defaultValue = '') => Type.String({ default: defaultValue, description });
