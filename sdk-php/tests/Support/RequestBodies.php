<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests\Support;

use KrsKit\Sdk\KrsClient;

/**
 * Request bodies for every operation: the contract's first request example, and for the
 * operations whose example names objects the default scenario does not have (message 30,
 * delivery 1201, ...) a body naming objects made first through the SDK, as the cross tests
 * of the TypeScript SDK do (test/support/success-bodies.ts).
 */
final class RequestBodies
{
    /** @return array<string, array<string, mixed>> API name => its contract example */
    public static function examples(): array
    {
        $spec = json_decode((string) file_get_contents(MockProcess::repoRoot() . '/spec/dist/openapi.json'));
        $out = [];
        foreach ((array) $spec->paths as $item) {
            $media = $item->post->requestBody->content->{'application/json'} ?? null;
            if ($media === null) {
                continue;
            }
            $example = $media->example ?? null;
            if ($example === null && isset($media->examples)) {
                $first = array_values((array) $media->examples)[0] ?? null;
                $example = $first->value ?? null;
            }
            $body = self::arrays($example ?? []);
            $out[$item->post->operationId] = $body instanceof \stdClass ? [] : $body;
        }
        return $out;
    }

    /**
     * JSON objects as arrays, except empty ones: they stay `stdClass` so that they are sent
     * as `{}` again, not `[]`.
     */
    public static function arrays(mixed $value): mixed
    {
        if ($value instanceof \stdClass) {
            $vars = get_object_vars($value);
            return $vars === [] ? $value : array_map([self::class, 'arrays'], $vars);
        }
        return is_array($value) ? array_map([self::class, 'arrays'], $value) : $value;
    }

    /**
     * @param \Closure(int): int $advance moves the tenant's clock by so many seconds, returns the new time
     * @return array<string, array<string, mixed>>
     */
    public static function build(KrsClient $krs, \Closure $advance): array
    {
        $ex = self::examples();
        $out = $ex;
        $oneshot = ['grouping' => true, 'conditions' => ['e_16' => [11, new \stdClass()]]];
        $out['get_member_infos_by_oneshot_condition'] = ['member_table_id' => 1, 'condition_info' => $oneshot, 'offset' => 0, 'sort_key' => 0, 'order' => true];
        $out['get_members_num_by_oneshot_condition'] = ['member_table_id' => 1, 'condition_info' => $oneshot];
        $out['get_posted_image_urls_by_oneshot_condition'] = ['member_table_id' => 1, 'condition_info' => $oneshot, 'offset' => 0, 'sort_key' => 0, 'order' => true, 'album_ids' => null];
        $out['add_member'] = ['member_table_id' => 1, 'member_info' => ['e_4' => 'sdk-php@example.com', 'e_5' => 'abcd1234', 'e_6' => 'PHP 太郎']];
        $out['update_member'] = ['member_table_id' => 1, 'member_id' => 2, 'member_info' => ['e_6' => '更新 太郎']];
        $out['add_condition'] = ['member_table_id' => 1, 'condition_info' => ['title' => 'PHP SDK'] + $oneshot];
        $out['get_posted_image_urls'] = ['member_id' => 1] + $ex['get_posted_image_urls'];
        $first = $krs->getMemberInfo(['member_table_id' => 1, 'member_id' => 1]);
        $out['lookup_member_id'] = ['member_table_id' => 1, 'member_info' => ['e_4' => $first['e_4']]];

        $message = static fn (): int => $krs->addMailMessage(['member_table_id' => 1] + $ex['add_mail_message']);
        $agentMessage = static fn (): int => $krs->addMailMessageForAgentProgram($ex['add_mail_message_for_agent_program']);
        $clock = $advance(0);
        $scheduleBody = static function (int $delay) use ($ex, $message, $clock): array {
            $body = $ex['add_delivery_schedule'];
            $body['mail_message_id'] = $message();
            $body['delivery_info'] = ['condition_id' => 1, 'delivery_date' => $clock + $delay] + $body['delivery_info'];
            return $body;
        };
        // The example's delivery condition names element 7 (フリガナ, text); the scenario's date element is 8.
        $programBody = static function () use ($ex, $agentMessage): array {
            $body = $ex['add_agent_program'];
            $body['mail_message_id'] = $agentMessage();
            $body['program_info']['delivery_condition_info']['element_id'] = 8;
            return $body;
        };

        $out['delete_mail_message'] = ['message_id' => $message()];
        $out['update_mail_message_for_agent_program'] = ['mail_message_id' => $agentMessage()] + $ex['update_mail_message_for_agent_program'];
        $out['delete_mail_message_for_agent_program'] = ['mail_message_id' => $agentMessage()];
        $out['add_delivery_schedule'] = $scheduleBody(86_400);
        $out['add_test_delivery_schedule'] = ['mail_message_id' => $message()] + $ex['add_test_delivery_schedule'];
        $out['cancel_delivery_schedule'] = ['delivery_id' => $krs->addDeliverySchedule($scheduleBody(86_400))];
        $out['add_agent_program'] = $programBody();
        $out['delete_agent_program'] = ['agent_program_id' => $krs->addAgentProgram($programBody())];
        $program = $krs->addAgentProgram($programBody());
        $out['enable_agent_program'] = ['agent_program_id' => $program, 'enable' => false];
        $out['get_mail_message_by_agent_program'] = ['agent_program_id' => $program];
        $out['get_delivery_results_by_agent_program'] = ['agent_program_id' => $program] + $ex['get_delivery_results_by_agent_program'];

        $done = $krs->addDeliverySchedule($scheduleBody(120));
        $advance(6 * 3600); // the delivery runs to the end
        $out['get_delivery_status'] = ['delivery_id' => $done];
        $out['get_delivery_result'] = ['delivery_id' => $done];
        $out['get_addresses_for_delivery'] = ['delivery_id' => $done, 'type' => 'valid'] + $ex['get_addresses_for_delivery'];
        $out['get_click_counts_for_delivery'] = ['delivery_id' => $done];
        $out['get_summary_for_delivery_status'] = ['delivery_id' => $done];
        $clicks = $krs->getClickCountsForDelivery(['delivery_id' => $done]);
        if (isset($clicks[0])) {
            $out['get_click_count_result'] = ['clickcount_id' => $clicks[0]['clickcount_id'] ?? $clicks[0]['id'], 'offset' => 0];
        }
        $stored = $krs->uploadStoredFiles($ex['upload_stored_files']);
        $out['import_members'] = ['member_table_id' => 1, 'stored_file_id' => $stored, 'is_update' => 0];
        $forms = $krs->getMemberForms(['member_table_id' => 1]);
        if (isset($forms[0])) {
            $out['get_member_form_elements'] = ['form_id' => $forms[0]['id']];
            $out['get_member_info_for_update'] = ['member_form_id' => $forms[0]['id'], 'member_id' => 1];
            $out['get_oneclick_login_url'] = ['member_form_id' => $forms[0]['id'], 'member_id' => 1] + $ex['get_oneclick_login_url'];
        }
        return $out;
    }
}
