/** The AI creation wizard's addresses (SPEC §2.1 children of /activity). */
export const WIZARD_ROOT = '/activity';

export const WIZARD_PATHS = {
  type: `${WIZARD_ROOT}/type`,
  tasks: `${WIZARD_ROOT}/tasks`,
  topics: `${WIZARD_ROOT}/topics`,
  name: `${WIZARD_ROOT}/name`,
  create: `${WIZARD_ROOT}/create`,
  status: `${WIZARD_ROOT}/status`,
  complete: `${WIZARD_ROOT}/complete`,
} as const;

export type WizardStep = keyof typeof WIZARD_PATHS;

export type DemoStep = 'create' | 'status' | 'complete';

export const demoPath = (templateId: string, step: DemoStep): string =>
  `${WIZARD_ROOT}/${encodeURIComponent(templateId)}/demo/${step}`;

/** The Activity Builder for a template (SPEC §2.8). */
export const builderPath = (templateId: string): string =>
  `/builder/${encodeURIComponent(templateId)}`;

/** The builder's Edit Tasks screen: where the wizard's "Open in the Activity Builder" leads. */
export const builderTasksPath = (templateId: string): string => `${builderPath(templateId)}/tasks`;
