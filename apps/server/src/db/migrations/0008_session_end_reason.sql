-- Why a session ended, so the device that still holds it can be told on its next request.
ALTER TABLE sessions ADD COLUMN ended_reason text;
