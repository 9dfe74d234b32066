import { api, unwrap } from '../../../../api/client';
import type { components } from '../../../../api/schema';

export type ResultsForm = components['schemas']['Form'];
export type SubmissionRow = components['schemas']['FormSubmissionRow'];
export type Submission = components['schemas']['FormSubmission'];
export type Dashboard = components['schemas']['FormDashboard'];
export type DashboardField = Dashboard['fields'][number];

export type SubmissionSortKey = 'createdAt' | 'version' | 'handled';
export type SubmissionQuery = {
  page: number;
  pageSize: number | 'all';
  sortBy: SubmissionSortKey;
  sortDirection: 'asc' | 'desc';
  search?: string;
  version?: number;
  handled?: boolean;
  from?: string;
  to?: string;
};
export type DayRange = { from?: string; to?: string };

/**
 * Query keys and loaders of a form's results. Every key starts with ['admin', 'forms', guid], under
 * the forms list's ['admin', 'forms'], so invalidating FORMS_KEY after a write (mark handled,
 * delete) refreshes the form, its table, its submissions, its dashboards and the list's counts.
 */
export const formResultsQueries = {
  form: (guid: string) => ({
    queryKey: ['admin', 'forms', guid, 'form'] as const,
    queryFn: () => unwrap(api.GET('/api/forms/{guid}', { params: { path: { guid } } })),
  }),
  submissions: (guid: string, query: SubmissionQuery) => ({
    queryKey: ['admin', 'forms', guid, 'submissions', query] as const,
    queryFn: () => unwrap(api.GET('/api/forms/{guid}/submissions', { params: { path: { guid }, query } })),
  }),
  submission: (guid: string, submissionGuid: string) => ({
    queryKey: ['admin', 'forms', guid, 'submission', submissionGuid] as const,
    queryFn: () =>
      unwrap(
        api.GET('/api/forms/{guid}/submissions/{submissionGuid}', {
          params: { path: { guid, submissionGuid } },
        }),
      ),
  }),
  dashboard: (guid: string, version: number, range: DayRange) => ({
    queryKey: ['admin', 'forms', guid, 'dashboard', version, range] as const,
    queryFn: () =>
      unwrap(
        api.GET('/api/forms/{guid}/versions/{version}/dashboard', {
          params: { path: { guid, version }, query: range },
        }),
      ),
  }),
};

/** What a write to submissions changes: every form query (the forms list counts them too). */
export const FORMS_KEY = ['admin', 'forms'] as const;

/** Marks submissions handled or not handled. */
export const markSubmissions = (guid: string, guids: string[], handled: boolean) =>
  unwrap(
    api.POST('/api/forms/{guid}/submissions/handle', {
      params: { path: { guid } },
      body: { guids, handled },
    }),
  );

/** Deletes submissions of the form. */
export const deleteSubmissions = (guid: string, guids: string[]) =>
  unwrap(api.POST('/api/forms/{guid}/submissions/delete', { params: { path: { guid } }, body: { guids } }));
