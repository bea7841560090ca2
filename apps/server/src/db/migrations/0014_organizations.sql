-- Organisations and their roles: each has a pinned details document; the current CID is on the row, every
-- version (with who changed it and when) in document_versions. Memberships and role assignments are ended, never
-- deleted, so their history stays.
CREATE TABLE organizations (
  id text PRIMARY KEY,
  name text NOT NULL,
  cid text NOT NULL,
  created_by text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE organization_members (
  id bigserial PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  membership text NOT NULL,
  joined_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz
);
CREATE UNIQUE INDEX organization_members_current ON organization_members (organization_id, user_id) WHERE removed_at IS NULL;
CREATE INDEX organization_members_user ON organization_members (user_id);
CREATE TABLE roles (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  cid text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX roles_organization ON roles (organization_id);
-- The document's JSON text exactly as pinned, so it is returned as pinned whichever service pinned it.
CREATE TABLE document_versions (
  id bigserial PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  role_id text REFERENCES roles(id) ON DELETE CASCADE,
  cid text NOT NULL,
  document text NOT NULL,
  changed_by text NOT NULL REFERENCES users(id),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_versions_owner ON document_versions (organization_id, role_id);
CREATE TABLE role_assignments (
  id bigserial PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  role_id text NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assigned_by text NOT NULL REFERENCES users(id),
  assigned_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE UNIQUE INDEX role_assignments_current ON role_assignments (role_id, user_id) WHERE ended_at IS NULL;
CREATE INDEX role_assignments_user ON role_assignments (user_id);
-- The address as the identities table keeps it (E.164, lower-case email), so a member's own addresses find it.
CREATE TABLE invitations (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  address_kind text NOT NULL,
  address text NOT NULL,
  membership text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  invited_by text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text REFERENCES users(id)
);
CREATE INDEX invitations_address ON invitations (address_kind, address);
CREATE INDEX invitations_organization ON invitations (organization_id);
