import { createFileRoute } from '@tanstack/react-router';
import { CreatePostScreen } from '@/features/posts/post-form-screen';

export const Route = createFileRoute('/_authenticated/create-post')({ component: CreatePostScreen });
