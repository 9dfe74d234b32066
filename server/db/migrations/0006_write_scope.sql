-- The content version moves only for writes visitors can see (issue 9): a command that changes
-- nothing public (a draft, an unpublished page's blocks, an account) runs with the transaction
-- setting bouwsteen.write_scope = 'private' (server/domains/write.ts), and the triggers then leave
-- the version alone. Writes outside a command (seed, SQL by hand) still bump it: the safe default.
-- One bump per transaction is enough: caches compare versions, they do not count changes.
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('bouwsteen.write_scope', true) = 'private' THEN
    RETURN NULL;
  END IF;
  IF current_setting('bouwsteen.content_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM set_config('bouwsteen.content_bumped', 'on', true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Audit events name their action as <entity>.<verb> (server/domains/write.ts): earlier rows follow.
UPDATE "audit_events" SET "action" = CASE "entity_type" || ':' || "action"
  WHEN 'page:update' THEN 'page.update'
  WHEN 'buildingBlockInstance:create' THEN 'block.create'
  WHEN 'buildingBlockInstance:update' THEN 'block.update'
  WHEN 'buildingBlockInstance:update-options' THEN 'block.updateOptions'
  WHEN 'buildingBlockInstance:update-permissions' THEN 'block.updatePermissions'
  WHEN 'buildingBlockInstance:delete' THEN 'block.delete'
  WHEN 'buildingBlockInstance:reorder' THEN 'block.reorder'
  WHEN 'platformSettings:update' THEN 'settings.update'
  WHEN 'cache:invalidate' THEN 'cache.invalidate'
  WHEN 'role:create' THEN 'role.create'
  WHEN 'role:update' THEN 'role.update'
  WHEN 'role:delete' THEN 'role.delete'
  WHEN 'user:update' THEN 'user.update'
  WHEN 'user:signUp' THEN 'user.signUp'
  WHEN 'user:signIn' THEN 'user.signIn'
  WHEN 'user:changePassword' THEN 'user.changePassword'
  WHEN 'user:resetPassword' THEN 'user.resetPassword'
  WHEN 'user:verifyEmail' THEN 'user.verifyEmail'
  WHEN 'user:updateProfile' THEN 'user.updateProfile'
  WHEN 'user:deleteAccount' THEN 'user.deleteAccount'
  WHEN 'apiToken:createApiToken' THEN 'apiToken.create'
  WHEN 'apiToken:revokeApiToken' THEN 'apiToken.revoke'
  WHEN 'session:revokeSession' THEN 'session.revoke'
  WHEN 'invitation:invite' THEN 'invitation.create'
  WHEN 'invitation:revokeInvitation' THEN 'invitation.revoke'
  WHEN 'invitation:acceptInvitation' THEN 'invitation.accept'
  WHEN 'media:upload' THEN 'media.upload'
  ELSE "action" END
WHERE "action" NOT LIKE '%.%';
--> statement-breakpoint
-- A reorder names the page whose blocks it moved.
UPDATE "audit_events" SET "entity_type" = 'page' WHERE "action" = 'block.reorder';
--> statement-breakpoint
UPDATE "audit_events" SET "entity_type" = 'block' WHERE "entity_type" = 'buildingBlockInstance';
--> statement-breakpoint
UPDATE "audit_events" SET "entity_type" = 'settings' WHERE "entity_type" = 'platformSettings';
