/**
 * The fuzz server's APP_ID, set rather than generated, so that the route table (built before any server starts)
 * can put the right id among the hostile ones.
 */
export const fuzzAppId = 'charter-local'
