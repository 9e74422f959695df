/**
 * Where the empty states send a member next. `/anchors?find` focuses Find New Anchors' search box
 * (the Anchors page drops the flag once it has), so the feed's "Find anchors" lands in the search
 * rather than at the top of the page; features do not import each other, so the flag lives here.
 */
export const FIND_ANCHORS_PARAM = 'find';
export const FIND_ANCHORS_PATH = `/anchors?${FIND_ANCHORS_PARAM}`;
export const INVITES_PATH = '/invites';
