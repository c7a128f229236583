// Kept for existing imports: the avatar now lives in components/ui/avatar.tsx.
export { Avatar as UserAvatar } from "@/components/ui/avatar";
