/** The domain's public surface: import from 'src/domain' rather than from its files. */
export * from './enums';
export * from './limits';
export * from './schemas';
export * from './constants';
export * from './messages';
export * from './branding';
export * from './validation/aiCreation';
export * from './validation/step';
export * from './validation/template';
export * from './taskTypeChange';
export * from './taskPreview';
export * from './schedule';
export * from './uploads';
export * from './plans';
export * from './status';
export * from './libraryFilters';
export * from './templateContent';
