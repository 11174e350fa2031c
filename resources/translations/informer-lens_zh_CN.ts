<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>lens</name>
    <message>
        <source>No window to grab.</source>
        <translation>没有可截取的窗口。</translation>
    </message>
    <message>
        <source>The window rendered to an empty image.</source>
        <translation>窗口渲染为空图像。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Nothing to export: the view has no size.</source>
        <translation>无可导出：该视图没有尺寸。</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Exported from Informer Lens</source>
        <translation>由 Informer Lens 导出</translation>
    </message>
    <message>
        <source>%1: export as .png or .svg</source>
        <translation>%1：请导出为 .png 或 .svg</translation>
    </message>
</context>
<context>
    <name>lens::AddHandlerDialog</name>
    <message>
        <source>Add event handler</source>
        <translation>添加事件处理器</translation>
    </message>
    <message>
        <source>handler-%1</source>
        <translation>handler-%1</translation>
    </message>
    <message>
        <source>Handler name</source>
        <translation>处理器名称</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>informer default</source>
        <translation>informer 默认值</translation>
    </message>
    <message>
        <source>Resync period in seconds</source>
        <translation>resync 周期（秒）</translation>
    </message>
    <message>
        <source>AddEventHandlerWithResyncPeriod: under 1 s becomes 1 s; after the informer started it cannot be shorter than its resyncCheckPeriod</source>
        <translation>AddEventHandlerWithResyncPeriod：小于 1 s 会变为 1 s；informer 启动后不能短于它的 resyncCheckPeriod</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Processing time per notification in milliseconds</source>
        <translation>每条通知的处理时间（毫秒）</translation>
    </message>
    <message>
        <source>Artificial time the handler spends on each notification: its buffer (backlog) grows while the informer moves on</source>
        <translation>处理器在每条通知上花费的人为时间：informer 继续前进时它的缓冲区（积压）会增长</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Resync period</source>
        <translation>Resync 周期</translation>
    </message>
    <message>
        <source>Processing time</source>
        <translation>处理时间</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>lens::Caption</name>
    <message>
        <source>HasSynced is %1. It becomes true once the DeltaFIFO&apos;s first Replace (the initial list) has been called and every item it queued (initialPopulationCount) has been popped and handed to the handlers; it never becomes false again. WaitForCacheSync waits for exactly this, and each handler has its own HasSynced for its initial-list notifications.</source>
        <translation>HasSynced 为 %1。DeltaFIFO 的第一次 Replace（初始列表）完成、且它放入队列的每一项（initialPopulationCount）都已被 Pop 并交给处理器之后，它变为 true，且不会再变回 false。WaitForCacheSync 等的正是它；每个处理器对其初始列表通知还有自己的 HasSynced。</translation>
    </message>
    <message>
        <source>It is the first list of ListAndWatch: it fills the cache.</source>
        <translation>这是 ListAndWatch 的第一次列表：它填充缓存。</translation>
    </message>
    <message>
        <source>WatchList (a streaming list with sendInitialEvents) did not work (%1), so the Reflector falls back to LIST then WATCH.</source>
        <translation>WatchList（带 sendInitialEvents 的流式列表）不可用（%1），因此 Reflector 退回到先 LIST 再 WATCH。</translation>
    </message>
    <message>
        <source>A continue token of the paged list expired, so the pager lists everything again in one request at the original resourceVersion.</source>
        <translation>分页列表的 continue 令牌过期，因此分页器以原来的 resourceVersion 一次性重新列出全部对象。</translation>
    </message>
    <message>
        <source>Cause: %1.</source>
        <translation>原因：%1。</translation>
    </message>
    <message>
        <source>It was queued by a resync tick (DeltaFIFO.Resync) or by the Replace of a relist.</source>
        <translation>它由一次 resync 定时（DeltaFIFO.Resync）或一次重新列表的 Replace 放入队列。</translation>
    </message>
    <message>
        <source>Deleted with a DeletedFinalStateUnknown tombstone: a relist no longer had the object, so its deletion was inferred (the DELETE watch event was missed); the tombstone carries the last known state.</source>
        <translation>带 DeletedFinalStateUnknown 墓碑的 Deleted：重新列表中已没有该对象，所以删除是推断出来的（错过了 DELETE watch 事件）；墓碑带着最后已知的状态。</translation>
    </message>
    <message>
        <source>Added: a watch ADDED event (DeltaFIFO.Add).</source>
        <translation>Added：一个 watch ADDED 事件（DeltaFIFO.Add）。</translation>
    </message>
    <message>
        <source>Updated: a watch MODIFIED event (DeltaFIFO.Update).</source>
        <translation>Updated：一个 watch MODIFIED 事件（DeltaFIFO.Update）。</translation>
    </message>
    <message>
        <source>Deleted: a watch DELETED event (DeltaFIFO.Delete).</source>
        <translation>Deleted：一个 watch DELETED 事件（DeltaFIFO.Delete）。</translation>
    </message>
    <message>
        <source>Replaced: the object as a list (Replace) returned it, with emitDeltaTypeReplaced on, as informers set it.</source>
        <translation>Replaced：列表（Replace）返回的对象，emitDeltaTypeReplaced 打开（informer 会打开它）。</translation>
    </message>
    <message>
        <source>Sync: re-queued by a resync (DeltaFIFO.Resync) or by Replace with emitDeltaTypeReplaced off; nothing changed on the server.</source>
        <translation>Sync：由 resync（DeltaFIFO.Resync）或 emitDeltaTypeReplaced 关闭时的 Replace 重新放入队列；服务器上没有任何变化。</translation>
    </message>
    <message>
        <source>RealFIFO keeps every event on its own, in arrival order across all keys: each Pop hands over exactly one, so this key appears once per queued event.</source>
        <translation>RealFIFO 把每个事件单独保存，跨所有键按到达顺序排列：每次 Pop 只交出一个，所以该键每个排队事件出现一次。</translation>
    </message>
    <message>
        <source>The DeltaFIFO keeps one entry per key with everything that happened to the object, oldest first (%1). Pop hands the whole list to HandleDeltas at once; the key keeps its place in line from its first delta until then. Only two Deleted deltas in a row are ever merged (dedupDeltas).</source>
        <translation>DeltaFIFO 为每个键保留一个条目，记录对象发生的一切，最早的在前（%1）。Pop 把整个列表一次交给 HandleDeltas；该键从第一个 delta 起保持其在队列中的位置直到被 Pop。只有连续两个 Deleted 会被合并（dedupDeltas）。</translation>
    </message>
    <message>
        <source>%1: one queued event (RealFIFO)</source>
        <translation>%1：一个排队事件（RealFIFO）</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n queued delta(s)</source>
        <translation>
            <numerusform>%1：%n 个排队的 delta</numerusform>
        </translation>
    </message>
    <message>
        <source>Watch event %1 for %2 (resourceVersion %3)</source>
        <translation>%2 的 watch 事件 %1（resourceVersion %3）</translation>
    </message>
    <message>
        <source>BOOKMARK at resourceVersion %1</source>
        <translation>resourceVersion %1 的 BOOKMARK</translation>
    </message>
    <message>
        <source>LIST started (cause: %1) at resourceVersion &quot;%2&quot;, limit %3</source>
        <translation>LIST 开始（原因：%1），resourceVersion &quot;%2&quot;，limit %3</translation>
    </message>
    <message>
        <source>LIST page: %1 items</source>
        <translation>LIST 分页：%1 项</translation>
    </message>
    <message>
        <source>The pager follows the continue token until the list is whole; the items are queued only when the last page has arrived.</source>
        <translation>分页器沿着 continue 令牌取到完整列表；最后一页到达后才放入队列。</translation>
    </message>
    <message>
        <source>The Reflector calls DeltaFIFO.Replace with the whole list: every listed object is queued as Replaced (Sync when emitDeltaTypeReplaced is off), and every key the queue or the Indexer (knownObjects) holds that the list lacks gets a Deleted delta with a DeletedFinalStateUnknown tombstone, because its DELETE watch event was missed.</source>
        <translation>Reflector 用完整列表调用 DeltaFIFO.Replace：每个列出的对象以 Replaced 放入队列（emitDeltaTypeReplaced 关闭时为 Sync），而队列或 Indexer（knownObjects）持有、列表中却没有的每个键会得到一个带 DeletedFinalStateUnknown 墓碑的 Deleted delta，因为它的 DELETE watch 事件被错过了。</translation>
    </message>
    <message>
        <source>LIST complete at resourceVersion %1: %2 objects</source>
        <translation>LIST 完成，resourceVersion %1：%2 个对象</translation>
    </message>
    <message>
        <source>LIST failed: %1</source>
        <translation>LIST 失败：%1</translation>
    </message>
    <message>
        <source>WATCH from resourceVersion %1 (timeoutSeconds %2)</source>
        <translation>从 resourceVersion %1 开始 WATCH（timeoutSeconds %2）</translation>
    </message>
    <message>
        <source>Watch ended (%1) after %2 events</source>
        <translation>watch 结束（%1），共 %2 个事件</translation>
    </message>
    <message>
        <source>Watch error %1: %2</source>
        <translation>watch 错误 %1：%2</translation>
    </message>
    <message>
        <source>Watch error: %1</source>
        <translation>watch 错误：%1</translation>
    </message>
    <message>
        <source>The server asked to wait at least %1 s (Retry-After).</source>
        <translation>服务器要求至少等待 %1 s（Retry-After）。</translation>
    </message>
    <message>
        <source>Backoff: waiting %1 ms</source>
        <translation>退避：等待 %1 ms</translation>
    </message>
    <message>
        <source>Tombstone queued for %1</source>
        <translation>%1 的墓碑已放入队列</translation>
    </message>
    <message>
        <source>A relist (Replace) did not contain %1, although the %2. Its DELETE watch event was missed (a disconnect, or 410 Gone), so client-go queues a Deleted delta whose object is a DeletedFinalStateUnknown tombstone with the last state it knew (resourceVersion %3). Handlers get OnDelete with the tombstone and must unwrap it.</source>
        <translation>重新列表（Replace）中没有 %1，尽管%2。它的 DELETE watch 事件被错过了（断线或 410 Gone），所以 client-go 放入一个 Deleted delta，其对象是带着已知最后状态（resourceVersion %3）的 DeletedFinalStateUnknown 墓碑。处理器会收到带墓碑的 OnDelete，必须自行解包。</translation>
    </message>
    <message>
        <source>DeltaFIFO still had deltas queued for it (the tombstone carries the newest queued object)</source>
        <translation>DeltaFIFO 仍有它的排队 delta（墓碑带着最新的排队对象）</translation>
    </message>
    <message>
        <source>Indexer (knownObjects) still held it</source>
        <translation>Indexer（knownObjects）仍持有它</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Sync queued for %1 (resourceVersion %2)</source>
        <translation>%1 的 Sync 已放入队列（resourceVersion %2）</translation>
    </message>
    <message>
        <source>Replaced queued for %1 (resourceVersion %2)</source>
        <translation>%1 的 Replaced 已放入队列（resourceVersion %2）</translation>
    </message>
    <message>
        <source>%1 queued for %2 (resourceVersion %3)</source>
        <translation>%2 的 %1 已放入队列（resourceVersion %3）</translation>
    </message>
    <message>
        <source>RealFIFO queues each event on its own; they are delivered in arrival order, one per Pop.</source>
        <translation>RealFIFO 把每个事件单独放入队列；它们按到达顺序交付，每次 Pop 一个。</translation>
    </message>
    <message numerus="yes">
        <source>Pop: %1 with %n delta(s) handed to HandleDeltas</source>
        <translation>
            <numerusform>Pop：%1 的 %n 个 delta 交给 HandleDeltas</numerusform>
        </translation>
    </message>
    <message>
        <source>The controller&apos;s processLoop popped the head of the queue. For each delta, oldest first, HandleDeltas updates the Indexer (add, update or delete) and then the processor notifies every listener.</source>
        <translation>控制器的 processLoop 弹出了队首。HandleDeltas 按从旧到新的顺序，对每个 delta 先更新 Indexer（添加、更新或删除），然后 processor 通知每个监听器。</translation>
    </message>
    <message>
        <source>isInInitialList = true: the queue had not synced yet, so additions from this pop are flagged as part of the initial list.</source>
        <translation>isInInitialList = true：队列尚未同步，因此本次 Pop 的添加被标记为初始列表的一部分。</translation>
    </message>
    <message>
        <source>isInInitialList = false: the initial list was already delivered.</source>
        <translation>isInInitialList = false：初始列表已交付完毕。</translation>
    </message>
    <message>
        <source>Indexer: %1 added</source>
        <translation>Indexer：已添加 %1</translation>
    </message>
    <message>
        <source>Indexer: %1 updated</source>
        <translation>Indexer：已更新 %1</translation>
    </message>
    <message>
        <source>Indexer: %1 deleted</source>
        <translation>Indexer：已删除 %1</translation>
    </message>
    <message>
        <source>The ThreadSafeStore keeps the newest object per key and updates every index (e.g. namespace) in the same step; listers read from it. It changes before any handler is notified.</source>
        <translation>ThreadSafeStore 为每个键保存最新对象，并在同一步更新每个索引（例如 namespace）；lister 从这里读取。它在任何处理器被通知之前就已改变。</translation>
    </message>
    <message>
        <source>OnAdd(%1) → %2</source>
        <translation>OnAdd(%1) → %2</translation>
    </message>
    <message>
        <source>isInInitialList = true: the object came with the informer&apos;s initial list (or was already cached when this handler was added), not a new object on the server.</source>
        <translation>isInInitialList = true：该对象来自 informer 的初始列表（或在添加此处理器时已在缓存中），并不是服务器上的新对象。</translation>
    </message>
    <message>
        <source>A new object: the Indexer did not have the key before this delta.</source>
        <translation>新对象：在此 delta 之前 Indexer 中没有该键。</translation>
    </message>
    <message>
        <source>OnUpdate from resync: %1 → %2 (resourceVersion %3 unchanged)</source>
        <translation>来自 resync 的 OnUpdate：%1 → %2（resourceVersion %3 未变）</translation>
    </message>
    <message>
        <source>OnUpdate(%1) → %2 (resourceVersion %3 → %4)</source>
        <translation>OnUpdate(%1) → %2（resourceVersion %3 → %4）</translation>
    </message>
    <message>
        <source>OnDelete(%1) with a tombstone → %2</source>
        <translation>带墓碑的 OnDelete(%1) → %2</translation>
    </message>
    <message>
        <source>The object is a DeletedFinalStateUnknown: the deletion was inferred by a relist, not seen as a watch event, and the object may be stale.</source>
        <translation>对象是 DeletedFinalStateUnknown：删除是由重新列表推断的，而非 watch 事件所见，对象可能已过时。</translation>
    </message>
    <message>
        <source>OnDelete(%1) → %2</source>
        <translation>OnDelete(%1) → %2</translation>
    </message>
    <message>
        <source>A DELETED watch event reached the handler with the object&apos;s last state.</source>
        <translation>一个 DELETED watch 事件带着对象的最后状态到达处理器。</translation>
    </message>
    <message>
        <source>The listener&apos;s buffer still holds %1 notification(s); this one waited %2 ms.</source>
        <translation>该监听器的缓冲区还有 %1 条通知；这条等待了 %2 ms。</translation>
    </message>
    <message>
        <source>No handler&apos;s resyncPeriod was due yet: nothing was queued.</source>
        <translation>还没有处理器的 resyncPeriod 到期：没有放入任何内容。</translation>
    </message>
    <message>
        <source>HasSynced: %1 objects</source>
        <translation>HasSynced：%1 个对象</translation>
    </message>
    <message>
        <source>Pop pump: %1</source>
        <translation>Pop 泵：%1</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>at %1 (journal event %2)</source>
        <translation>于 %1（日志事件 %2）</translation>
    </message>
    <message>
        <source>It was queued by a resync tick (DeltaFIFO.Resync) %1.</source>
        <translation>它由一次 resync 定时（DeltaFIFO.Resync）排入，%1。</translation>
    </message>
    <message>
        <source>It was queued by the Replace of a list (cause: %1) that completed %2.</source>
        <translation>它由一次 LIST（原因：%1）的 Replace 排入，该 LIST 完成%2。</translation>
    </message>
    <message>
        <source>Why: the watch event %1 %2 brought resourceVersion %3; the Reflector queued it as a delta, Pop handed it to HandleDeltas, the Indexer stored it, then the processor notified %4.</source>
        <translation>原因：watch 事件 %1（%2）带来了 resourceVersion %3；Reflector 把它作为 delta 排入队列，Pop 把它交给 HandleDeltas，Indexer 存储了它，然后 processor 通知了 %4。</translation>
    </message>
    <message>
        <source>Why: the list that completed %1 (cause: %2) had this object; Replace queued it, Pop handed it to HandleDeltas, then the processor notified %3.</source>
        <translation>原因：%1完成的 LIST（原因：%2）包含这个对象；Replace 把它排入队列，Pop 把它交给 HandleDeltas，然后 processor 通知了 %3。</translation>
    </message>
    <message numerus="yes">
        <source>What this list did: Replace queued %n listed object(s) (Replaced) and </source>
        <translation>
            <numerusform>这次 LIST 做了什么：Replace 把列出的 %n 个对象作为 Replaced 排入队列，并且</numerusform>
        </translation>
    </message>
    <message>
        <source>no tombstone: no known object was missing from it.</source>
        <translation>没有墓碑：没有已知对象从列表中消失。</translation>
    </message>
    <message numerus="yes">
        <source>%n tombstone(s) for object(s) missing from it (%1): their handlers get OnDelete with a DeletedFinalStateUnknown.</source>
        <translation>
            <numerusform>为列表中消失的对象排入了 %n 个墓碑（%1）：handler 会收到携带 DeletedFinalStateUnknown 的 OnDelete。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This tick %1 queued %n Sync delta(s)</source>
        <translation>
            <numerusform>这次定时（%1）排入了 %n 个 Sync delta</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n update(s) from resync</source>
        <translation>
            <numerusform>%1：%n 个来自 resync 的更新</numerusform>
        </translation>
    </message>
    <message>
        <source>No handler has received an update from this resync yet.</source>
        <translation>还没有 handler 收到这次 resync 的更新。</translation>
    </message>
    <message>
        <source>Delivered so far: %1.</source>
        <translation>目前已交付：%1。</translation>
    </message>
    <message>
        <source>The next tick comes %1 s later; each handler is resynced when its own resyncPeriod is due (the ↻ lanes of the timeline).</source>
        <translation>下一次定时在 %1 s 之后；每个 handler 在自己的 resyncPeriod 到期时才被 resync（见时间线的 ↻ 泳道）。</translation>
    </message>
    <message>
        <source>Resync tick (resyncCheckPeriod %1 s) %2</source>
        <translation>Resync 定时（resyncCheckPeriod %1 s）%2</translation>
    </message>
    <message>
        <source>The list before it was refused with 410 Gone (Expired: etcd compacted the resourceVersion it asked for), so the Reflector marks its last synced resourceVersion unavailable and lists again at once, without backoff.</source>
        <translation>它之前的 LIST 被 410 Gone 拒绝（Expired：etcd 已压缩它请求的 resourceVersion），因此 Reflector 把最后同步的 resourceVersion 标记为不可用，并立即重新列表，不退避。</translation>
    </message>
    <message>
        <source>The list before it was refused because its resourceVersion is too large (newer than the server has seen), so the Reflector marks its last synced resourceVersion unavailable and lists again at once.</source>
        <translation>它之前的 LIST 因 resourceVersion 太大（比服务器见过的更新）被拒绝，因此 Reflector 把最后同步的 resourceVersion 标记为不可用，并立即重新列表。</translation>
    </message>
    <message>
        <source>in pages of at most %1 items</source>
        <translation>分页，每页最多 %1 项</translation>
    </message>
    <message>
        <source>in one unpaged answer (limit 0)</source>
        <translation>一次性不分页返回（limit 0）</translation>
    </message>
    <message>
        <source>This request asked for resourceVersion &quot;&quot;: a consistent read from etcd, %1.</source>
        <translation>这次请求的 resourceVersion 为 &quot;&quot;：从 etcd 一致读取，%1。</translation>
    </message>
    <message>
        <source>This request asked for resourceVersion &quot;0&quot;: any version, which the watch cache may serve, %1.</source>
        <translation>这次请求的 resourceVersion 为 &quot;0&quot;：任意版本，可由 watch 缓存提供，%1。</translation>
    </message>
    <message>
        <source>This request asked for resourceVersion &quot;%1&quot;: a state not older than that version (NotOlderThan), %2.</source>
        <translation>这次请求的 resourceVersion 为 &quot;%1&quot;：不早于该版本的状态（NotOlderThan），%2。</translation>
    </message>
    <message>
        <source>It was queued by the Replace of a WatchList&apos;s initial events, whose end bookmark arrived %1.</source>
        <translation>它由 WatchList 初始事件的 Replace 排入，其结束书签到达%1。</translation>
    </message>
    <message>
        <source>The journal no longer shows what queued it (a resync tick or the Replace of a list).</source>
        <translation>日志中已看不到是什么把它排入队列（resync 定时或 LIST 的 Replace）。</translation>
    </message>
    <message>
        <source>The journal no longer shows the Pop that delivered it.</source>
        <translation>日志中已看不到交付它的那次 Pop。</translation>
    </message>
    <message>
        <source>It comes from the %1 delta queued %2 and popped %3.</source>
        <translation>它来自 %1 delta：排入%2，弹出%3。</translation>
    </message>
    <message>
        <source>It was popped %1; the journal no longer shows when its delta was queued.</source>
        <translation>它弹出%1；日志中已看不到它的 delta 何时排入。</translation>
    </message>
    <message>
        <source>%1 received it because the resync tick %2 found its resyncPeriod (%3 s) due, so it was syncing when Pop distributed the update; it is next due at %4.</source>
        <translation>%1 收到它，是因为%2的 resync 定时发现其 resyncPeriod（%3 s）已到期，所以 Pop 分发这次更新时它处于同步状态；它下次到期于 %4。</translation>
    </message>
    <message>
        <source>The last resync tick before the Pop was %1; it found a handler due.</source>
        <translation>Pop 之前的最后一次 resync 定时发生%1；它发现有处理器到期。</translation>
    </message>
    <message>
        <source>No resync tick had run before the Pop, and a listener is syncing from its registration (sharedProcessor.addListener), so %1 received this update although nothing changed.</source>
        <translation>Pop 之前还没有任何 resync 定时，而监听器从注册起就处于同步状态（sharedProcessor.addListener），所以尽管没有任何变化，%1 仍收到了这次更新。</translation>
    </message>
    <message>
        <source>The next request was a LIST %1 (cause: %2) at resourceVersion &quot;%3&quot;, limit %4.</source>
        <translation>下一次请求是%1发出的 LIST（原因：%2），resourceVersion &quot;%3&quot;，limit %4。</translation>
    </message>
    <message>
        <source>%1: no resyncPeriod, not due</source>
        <translation>%1：没有 resyncPeriod，未到期</translation>
    </message>
    <message>
        <source>%1: due (it was due at %2), next due at %3</source>
        <translation>%1：已到期（到期时间 %2），下次到期于 %3</translation>
    </message>
    <message>
        <source>%1: not due, next due at %2</source>
        <translation>%1：未到期，下次到期于 %2</translation>
    </message>
    <message>
        <source>The handlers at this tick: %1.</source>
        <translation>本次定时时各处理器：%1。</translation>
    </message>
    <message>
        <source>The next tick comes at %1 (resyncCheckPeriod %2 s after this one); each handler is resynced at the first tick at or after its own due time.</source>
        <translation>下一次定时在 %1（本次之后 resyncCheckPeriod %2 s）；每个处理器在其到期时间当时或之后的第一次定时被 resync。</translation>
    </message>
    <message>
        <source>AddEventHandlerWithResyncPeriod registered the processorListener %1 (requested resyncPeriod %2 s, effective %3 s). A new listener is syncing (sharedProcessor.addListener): until a resync tick decides otherwise, updates with an unchanged resourceVersion reach it too.</source>
        <translation>AddEventHandlerWithResyncPeriod 注册了 processorListener %1（请求的 resyncPeriod %2 s，实际 %3 s）。新监听器处于同步状态（sharedProcessor.addListener）：在某次 resync 定时改变之前，resourceVersion 未变的更新也会到达它。</translation>
    </message>
    <message>
        <source>It is first due for a resync at %1.</source>
        <translation>它第一次 resync 到期于 %1。</translation>
    </message>
    <message>
        <source>The informer was already running, so it gets an add (isInInitialList = true) for every object already in the Indexer.</source>
        <translation>informer 已在运行，所以它会为 Indexer 中已有的每个对象收到一次添加（isInInitialList = true）。</translation>
    </message>
    <message>
        <source>Handler %1 registered</source>
        <translation>处理器 %1 已注册</translation>
    </message>
    <message>
        <source>Handler %1 removed</source>
        <translation>处理器 %1 已移除</translation>
    </message>
    <message>
        <source>RemoveEventHandler stopped its processorListener; the %1 notification(s) still in its buffer were let go.</source>
        <translation>RemoveEventHandler 停止了它的 processorListener；缓冲区中仍有的 %1 条通知被丢弃。</translation>
    </message>
    <message>
        <source>It is next due for a resync at %1.</source>
        <translation>它下次 resync 到期于 %1。</translation>
    </message>
    <message>
        <source>With no resyncPeriod it is never due: the next resync tick makes it stop syncing.</source>
        <translation>没有 resyncPeriod 时它永远不会到期：下一次 resync 定时会让它停止同步。</translation>
    </message>
    <message>
        <source>Handler %1: resyncPeriod %2 s</source>
        <translation>处理器 %1：resyncPeriod %2 s</translation>
    </message>
    <message>
        <source>The period was set while the informer runs (a scenario step or the window); the listener is next due one period from then.</source>
        <translation>周期是在 informer 运行时设置的（场景步骤或窗口）；监听器从那时起一个周期后到期。</translation>
    </message>
    <message>
        <source>Handler %1 lowered the resyncCheckPeriod before the informer started, so this listener&apos;s period was determined again (determineResyncPeriod).</source>
        <translation>处理器 %1 在 informer 启动前降低了 resyncCheckPeriod，因此重新确定了这个监听器的周期（determineResyncPeriod）。</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>WaitForCacheSync is the gate a controller waits at before its workers start: it opens once every informer started by the SharedInformerFactory reports HasSynced (its first list is in the indexer and popped), so a worker never reads a half-filled cache.</source>
        <translation>WaitForCacheSync 是控制器启动 worker 之前等待的关口：SharedInformerFactory 启动的每个 informer 的 HasSynced 都为 true（它的第一次 list 已进入 indexer 并被 Pop）之后才放行，所以 worker 不会读到不完整的缓存。</translation>
    </message>
    <message>
        <source>Waiting for: %1. Informers of the factory: %2.</source>
        <translation>等待：%1。SharedInformerFactory 的 informer：%2。</translation>
    </message>
    <message>
        <source>none (all synced already)</source>
        <translation>无（都已同步）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Not waited for: %1, created after start() and not started; client-go leaves them out of the wait silently.</source>
        <translation>未等待：%1，在 start() 之后才由 informerFor() 得到且未启动；client-go 不说明就把它们排除在等待之外。</translation>
    </message>
    <message>
        <source>WaitForCacheSync started %1</source>
        <translation>WaitForCacheSync 开始 %1</translation>
    </message>
    <message>
        <source>WaitForCacheSync still waiting after %1</source>
        <translation>WaitForCacheSync 已等待 %1，仍在等待</translation>
    </message>
    <message>
        <source>Not synced yet: %1. Each informer syncs when its Reflector&apos;s first list has been popped; one whose list keeps failing (403 Forbidden, a server that cannot be reached) keeps the gate shut.</source>
        <translation>尚未同步：%1。informer 在其 Reflector 的第一次 list 被 Pop 之后同步；list 一直失败的 informer（403 Forbidden、无法连接的服务器）会让关口保持关闭。</translation>
    </message>
    <message>
        <source>WaitForCacheSync opened after %1</source>
        <translation>WaitForCacheSync 在 %1 后放行</translation>
    </message>
    <message>
        <source>Every informer had synced before the wait began.</source>
        <translation>等待开始之前每个 informer 都已同步。</translation>
    </message>
    <message>
        <source>The last informer to sync was %1; with it every informer of the factory reports HasSynced.</source>
        <translation>最后一个同步的 informer 是 %1；之后 SharedInformerFactory 的每个 informer 的 HasSynced 都为 true。</translation>
    </message>
    <message>
        <source>WaitForCacheSync timed out after %1</source>
        <translation>WaitForCacheSync 在 %1 后超时</translation>
    </message>
    <message>
        <source>WaitForCacheSync ended by shutdown after %1</source>
        <translation>WaitForCacheSync 在 %1 后因 shutdown 结束</translation>
    </message>
    <message>
        <source>It was still waiting on %1 (not synced: %2); the gate did not open, so a controller would not start its workers.</source>
        <translation>它仍在等待 %1（尚未同步：%2）；关口没有放行，所以控制器不会启动 worker。</translation>
    </message>
    <message>
        <source>A watch event: the Reflector queues it as a Delta for the key. Click to select the key.</source>
        <translation>watch 事件：Reflector 将其作为该键的 Delta 排队。点击以选择该键。</translation>
    </message>
    <message>
        <source>A BOOKMARK: only the resourceVersion moves, so a restarted watch can resume from here instead of relisting.</source>
        <translation>BOOKMARK：只有 resourceVersion 前进，重新开始的 watch 可从此处继续而无需重新 list。</translation>
    </message>
    <message>
        <source>One page of a paginated LIST (limit/continue).</source>
        <translation>分页 LIST 的一页（limit/continue）。</translation>
    </message>
    <message>
        <source>Backoff: the Reflector waits before the next list/watch attempt (exponential, with jitter).</source>
        <translation>退避：Reflector 在下一次 list/watch 尝试前等待（指数增长，带抖动）。</translation>
    </message>
    <message>
        <source>HasSynced: every object of the initial list has been popped and handled.</source>
        <translation>HasSynced：初始列表中的每个对象都已弹出并处理。</translation>
    </message>
    <message>
        <source>Fields changed since resourceVersion %1: none besides metadata (resourceVersion, managedFields).</source>
        <translation>自 resourceVersion %1 以来变化的字段：除元数据（resourceVersion、managedFields）外没有。</translation>
    </message>
    <message>
        <source>Fields changed since resourceVersion %1: %2.</source>
        <translation>自 resourceVersion %1 以来变化的字段：%2。</translation>
    </message>
    <message>
        <source>%1 new (%2)</source>
        <translation>%1 个新增（%2）</translation>
    </message>
    <message>
        <source>%1 changed, another resourceVersion (%2)</source>
        <translation>%1 个已变化，resourceVersion 不同（%2）</translation>
    </message>
    <message>
        <source>%1 unchanged, the same resourceVersion (%2)</source>
        <translation>%1 个未变化，resourceVersion 相同（%2）</translation>
    </message>
    <message>
        <source>%1 not in the journal before the list (%2)</source>
        <translation>%1 个在该 LIST 之前的日志中找不到（%2）</translation>
    </message>
    <message>
        <source>%1 missing from the list, queued as tombstones (%2)</source>
        <translation>%1 个不在列表中，作为墓碑排入（%2）</translation>
    </message>
    <message>
        <source>Against the Indexer before this list: %1.</source>
        <translation>与这次 LIST 之前的 Indexer 相比：%1。</translation>
    </message>
    <message>
        <source>WatchList falls back to LIST+WATCH: %1</source>
        <translation>WatchList 回退到 LIST+WATCH：%1</translation>
    </message>
    <message>
        <source>Built-in cluster at revision %1</source>
        <translation>内置集群，revision %1</translation>
    </message>
    <message numerus="yes">
        <source>/sim/v1/state says: %n object(s), </source>
        <translation>
            <numerusform>/sim/v1/state 表明：%n 个对象，</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 open watch(es), churn %2, compacted up to revision %3.</source>
        <translation>%1 个打开的 watch，变动%2，已压缩到 revision %3。</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Simulator: %1</source>
        <translation>模拟器：%1</translation>
    </message>
    <message>
        <source>The Simulator panel sent POST /sim/v1/%1.</source>
        <translation>模拟器面板发送了 POST /sim/v1/%1。</translation>
    </message>
    <message>
        <source>The Simulator panel sent POST /sim/v1/%1 with %2.</source>
        <translation>模拟器面板发送了 POST /sim/v1/%1，参数 %2。</translation>
    </message>
    <message>
        <source>The built-in cluster answered: %1.</source>
        <translation>内置集群的回答：%1。</translation>
    </message>
    <message>
        <source>Simulator: %1 failed</source>
        <translation>模拟器：%1 失败</translation>
    </message>
    <message>
        <source>The request to /sim/v1/%1 failed (HTTP %2); as recorded: %3</source>
        <translation>对 /sim/v1/%1 的请求失败（HTTP %2）；记录原文：%3</translation>
    </message>
    <message>
        <source>After ShutDown a workqueue ignores every Add: nothing is marked dirty and no metric counts it.</source>
        <translation>ShutDown 之后，工作队列忽略每一次 Add：不会标记为 dirty，也不计入任何指标。</translation>
    </message>
    <message>
        <source>The key was dirty already (waiting in the queue, or added while a worker holds it), so this Add changes nothing: however many times a key is added before a worker takes it, it is processed once. A waiting key keeps its place in line.</source>
        <translation>该键已经是 dirty（在队列中等待，或在某个 worker 持有它时又被添加），所以这次 Add 不改变任何东西：一个键在被 worker 取走之前无论被添加多少次，都只处理一次。等待中的键保持它在队列中的位置。</translation>
    </message>
    <message>
        <source>A worker is processing the key right now, and a workqueue never hands one key to two workers. So it is only marked dirty; when the worker calls Done, the key goes to the tail of the queue and is processed once more.</source>
        <translation>某个 worker 正在处理这个键，而工作队列从不把同一个键同时交给两个 worker。所以它只被标记为 dirty；当 worker 调用 Done 时，这个键被放到队尾，再处理一次。</translation>
    </message>
    <message>
        <source>The key is marked dirty and queued at the tail (the queue is fair: first added, first out). The depth metric counts dirty keys.</source>
        <translation>该键被标记为 dirty 并排到队尾（队列是公平的：先添加，先取出）。depth 指标统计 dirty 的键。</translation>
    </message>
    <message>
        <source>Get answers &quot;shut down&quot; only once the queue is shut down and empty: the worker&apos;s loop (processNextWorkItem) returns false and the worker ends.</source>
        <translation>只有当队列已关闭且为空时，Get 才回答“已关闭”：worker 的循环（processNextWorkItem）返回 false，worker 结束。</translation>
    </message>
    <message>
        <source>The key leaves the queue and is processing until the worker calls Done; an Add meanwhile only marks it dirty. The time it waited is the queue_duration metric.</source>
        <translation>该键离开队列，处于 processing 状态，直到 worker 调用 Done；其间的 Add 只会把它标记为 dirty。它等待的时间就是 queue_duration 指标。</translation>
    </message>
    <message>
        <source>The key was added while the worker held it (dirty while processing), so Done queues it again at the tail, even when the queue is shutting down.</source>
        <translation>该键在 worker 持有期间又被添加（处理中变为 dirty），所以 Done 把它重新排到队尾，即使队列正在关闭。</translation>
    </message>
    <message>
        <source>The worker finished: the key is no longer processing. The time it took is the work_duration metric.</source>
        <translation>worker 已完成：该键不再处于 processing 状态。所用的时间就是 work_duration 指标。</translation>
    </message>
    <message>
        <source>AddRateLimited asks the rate limiter how long to wait (When): a per-key exponential backoff counts this key&apos;s failures until Forget, and a token bucket limits re-queues of all keys together; the longest wait wins.</source>
        <translation>AddRateLimited 询问限速器要等待多久（When）：按键的指数退避累计这个键的失败次数，直到 Forget；令牌桶限制所有键合在一起的重新入队次数；取最长的等待。</translation>
    </message>
    <message>
        <source>A delayed add waits in a heap ordered by ready time; when its time comes it is added like any Add. A key waits there once: a second AddAfter keeps the earlier of the two times. It is neither in Len nor in the depth metric while it waits, and a plain Add does not cancel it. Every call counts in the retries metric.</source>
        <translation>延迟的添加在按就绪时间排序的堆中等待；时间一到，就像普通的 Add 一样被添加。一个键在堆中只等待一次：第二次 AddAfter 保留两个时间中较早的那个。等待期间它既不计入 Len，也不计入 depth 指标，普通的 Add 也不会取消它。每次调用都计入 retries 指标。</translation>
    </message>
    <message>
        <source>The delayed add&apos;s time came: the key is added to the queue now (the Add follows in the journal); if it is dirty already it collapses.</source>
        <translation>延迟添加的时间到了：该键现在被添加到队列（日志中随后是 Add）；如果它已经是 dirty，则合并为一次。</translation>
    </message>
    <message>
        <source>Forget clears the rate limiter&apos;s history of the key, so its next failure backs off from the base delay again. It does not take the key out of the queue; the worker still calls Done.</source>
        <translation>Forget 清除限速器对该键的历史记录，所以它下一次失败时又从基础延迟开始退避。它不会把键从队列中移除；worker 仍然要调用 Done。</translation>
    </message>
    <message>
        <source>After ShutDown, Add is ignored and delayed adds are dropped; workers still get what is queued, then &quot;shut down&quot;. ShutDownWithDrain also waits until no key is processing (or until ShutDown releases it).</source>
        <translation>ShutDown 之后，Add 被忽略，延迟的添加被丢弃；worker 仍会拿到已排队的键，然后得到“已关闭”。ShutDownWithDrain 还会等到没有键处于 processing 状态（或直到 ShutDown 放行它）。</translation>
    </message>
    <message>
        <source>The worker went away before it got a key; a key already taken for it goes back to the queue for the next worker.</source>
        <translation>worker 在拿到键之前就离开了；已经为它取出的键回到队列，交给下一个 worker。</translation>
    </message>
    <message>
        <source>Sent by %1.</source>
        <translation>由 %1 发出。</translation>
    </message>
    <message>
        <source>%1 %2 left for the API server %3.</source>
        <translation>%1 %2 已发往 API 服务器，%3。</translation>
    </message>
    <message>
        <source>API request sent</source>
        <translation>API 请求已发送</translation>
    </message>
    <message>
        <source>%1 %2 failed after %3 ms: %4</source>
        <translation>%1 %2 在 %3 ms 后失败：%4</translation>
    </message>
    <message>
        <source>API request failed</source>
        <translation>API 请求失败</translation>
    </message>
    <message>
        <source>%1 %2 answered HTTP %3 after %4 ms.</source>
        <translation>%1 %2 在 %4 ms 后应答 HTTP %3。</translation>
    </message>
    <message>
        <source>The server stored it at resourceVersion %1: the informer&apos;s watch brings that same resourceVersion back as an event, which is how the controller sees its own write.</source>
        <translation>服务器以 resourceVersion %1 保存了它：informer 的 watch 会把同一个 resourceVersion 作为事件带回来，控制器就是这样看到自己的写入的。</translation>
    </message>
    <message>
        <source>API request answered</source>
        <translation>API 请求已应答</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 took %2 from the workqueue &quot;%3&quot; %4 (Get): it is in the queue&apos;s processing set now, so no other worker can take it until Done.</source>
        <translation>%1 %4从工作队列“%3”取出 %2（Get）：它现在在队列的 processing 集合中，在 Done 之前其他 worker 都拿不到它。</translation>
    </message>
    <message>
        <source>Worker took a key</source>
        <translation>Worker 取出一个键</translation>
    </message>
    <message>
        <source>%1 finished %2 after %3 ms: %4.</source>
        <translation>%1 用 %3 ms 处理完 %2：%4。</translation>
    </message>
    <message>
        <source>The worker called Forget: the key&apos;s failure count is cleared, so a later failure starts again at the shortest delay.</source>
        <translation>Worker 调用了 Forget：该键的失败计数被清零，之后再失败会从最短的延迟重新开始。</translation>
    </message>
    <message>
        <source>The key failed %1 times, the failed-provision threshold: the worker gives up and does not re-queue it (and, as the library does, does not call Forget either).</source>
        <translation>该键失败了 %1 次，达到 failed-provision 阈值：worker 放弃，不再重新入队（并且与该库一样，也不调用 Forget）。</translation>
    </message>
    <message>
        <source>Then Done: the key leaves the processing set; if an informer event added it again meanwhile (dirty), it goes to the back of the queue now.</source>
        <translation>然后 Done：该键离开 processing 集合；如果其间有 informer 事件再次添加了它（dirty），它现在进入队尾。</translation>
    </message>
    <message>
        <source>It started %1.</source>
        <translation>它开始%1。</translation>
    </message>
    <message>
        <source>Worker finished a key</source>
        <translation>Worker 处理完一个键</translation>
    </message>
    <message>
        <source>%1 called Provision for %2: the volume %3 of class %4 is being created.</source>
        <translation>%1 为 %2 调用了 Provision：正在创建存储类 %4 的卷 %3。</translation>
    </message>
    <message>
        <source>%1 called Delete for the volume %2: its storage is being removed.</source>
        <translation>%1 为卷 %2 调用了 Delete：正在删除它的存储。</translation>
    </message>
    <message>
        <source>Provision called</source>
        <translation>已调用 Provision</translation>
    </message>
    <message>
        <source>Delete called</source>
        <translation>已调用 Delete</translation>
    </message>
    <message>
        <source>It returned after %1 ms with state %2.</source>
        <translation>它在 %1 ms 后返回，状态 %2。</translation>
    </message>
    <message>
        <source>It failed after %1 ms (state %2): %3</source>
        <translation>它在 %1 ms 后失败（状态 %2）：%3</translation>
    </message>
    <message>
        <source>This failure was set on the built-in provisioner (fail the next N, or every provision of a class), so that retries can be seen.</source>
        <translation>这次失败是在内置 provisioner 上设定的（让接下来 N 次失败，或某个存储类的每次 provision 都失败），以便观察重试。</translation>
    </message>
    <message>
        <source>Provision returned</source>
        <translation>Provision 已返回</translation>
    </message>
    <message>
        <source>Delete returned</source>
        <translation>Delete 已返回</translation>
    </message>
    <message>
        <source>The worker called AddRateLimited: %1 chose %2 ms, but the key already waited to come back sooner, so it returns in %3 ms (NumRequeues is now %4).</source>
        <translation>Worker 调用了 AddRateLimited：%1 选定 %2 ms，但该键已在等待更早返回，所以它在 %3 ms 后回来（NumRequeues 现为 %4）。</translation>
    </message>
    <message>
        <source>The worker called AddRateLimited: %1 chose a delay of %2 ms, so the key comes back to the queue then (NumRequeues is now %3).</source>
        <translation>Worker 调用了 AddRateLimited：%1 选定了 %2 ms 的延迟，该键到时回到队列（NumRequeues 现为 %3）。</translation>
    </message>
    <message>
        <source>The worker called AddRateLimited: the key comes back to the queue in %1 ms (NumRequeues is now %2).</source>
        <translation>Worker 调用了 AddRateLimited：该键在 %1 ms 后回到队列（NumRequeues 现为 %2）。</translation>
    </message>
    <message>
        <source>Its answer is a journal event of its own (apiRequestFinished, request %1); until then the request is in flight, and the worker waits for it without blocking the others.</source>
        <translation>它的应答是日志中单独的一个事件（apiRequestFinished，请求 %1）；在那之前请求正在途中，worker 等待它而不阻塞其他 worker。</translation>
    </message>
    <message>
        <source>The token bucket chose %1: it limits re-queues of all keys together to its rate, its burst is spent, so this key waits for the next token; the per-key backoff asked for less.</source>
        <translation>令牌桶选择了 %1：它把所有键的重新入队合在一起限制在其速率之内，突发额度已用完，所以该键要等下一个令牌；按键的退避要求的时间更短。</translation>
    </message>
    <message>
        <source>ItemFastSlow chose %1: a short delay for the first attempts of a key, a long one after that (failure %2).</source>
        <translation>ItemFastSlow 选择了 %1：一个键的前几次尝试延迟短，之后延迟长（第 %2 次失败）。</translation>
    </message>
    <message>
        <source>WithMaxWait capped the delay at %1: whatever the inner limiter asked for, no key waits longer.</source>
        <translation>WithMaxWait 把延迟限制在 %1：无论内层限速器要求多久，任何键都不会等得更久。</translation>
    </message>
    <message>
        <source>%1 chose %2.</source>
        <translation>%1 选择了 %2。</translation>
    </message>
    <message>
        <source>The key was already waiting with an earlier ready time, so it keeps that one: a waiting key is in the heap once, and the later time is dropped.</source>
        <translation>该键已在等待，且就绪时间更早，所以保留原时间：等待中的键在堆中只出现一次，较晚的时间被丢弃。</translation>
    </message>
    <message>
        <source>The key was already waiting, for longer: the earlier ready time wins and replaces it.</source>
        <translation>该键已在等待，且等得更久：更早的就绪时间胜出并替换它。</translation>
    </message>
    <message>
        <source>PV already exists (409) — the library treats this as provisioned: its backoffStore counts AlreadyExists as saved, so the worker&apos;s sync ends as provisioned and no second volume is made.</source>
        <translation>PV 已存在（409）— 库把这视为已 provision：它的 backoffStore 把 AlreadyExists 算作已保存，所以 worker 的这次同步以已 provision 结束，不会再多出一个卷。</translation>
    </message>
    <message>
        <source>An earlier sync of the same claim had created the volume, but when this sync started the volumes informer did not have it yet: provisionClaimOperation looks for the volume in that cache, not on the server, so it called Provision again.</source>
        <translation>同一 claim 的上一次同步已经创建了这个卷，但这次同步开始时 volumes informer 还没有它：provisionClaimOperation 在这个缓存里找卷，而不是在服务器上找，所以又调用了一次 Provision。</translation>
    </message>
    <message>
        <source>PV already exists (409) — the library treats this as provisioned. An earlier sync of this claim had created the volume, but the volumes informer did not have it yet when this sync looked there (provisionClaimOperation checks that cache, not the server), so it provisioned again; the server answered the volume&apos;s POST with 409 AlreadyExists, which the library&apos;s backoffStore counts as saved.</source>
        <translation>PV 已存在（409）— 库把这视为已 provision。这个 claim 的上一次同步已经创建了卷，但这次同步查看时 volumes informer 还没有它（provisionClaimOperation 查的是这个缓存，而不是服务器），所以又 provision 了一次；服务器对卷的 POST 回答 409 AlreadyExists，库的 backoffStore 把它算作已保存。</translation>
    </message>
    <message>
        <source>The server asked to wait at least %1 s (Retry-After); the Reflector waits at most %2 s, the ceiling of its own backoff (client-go&apos;s REST client would honour any value).</source>
        <translation>服务器要求至少等待 %1 s（Retry-After）；Reflector 最多等待 %2 s，即它自身退避的上限（client-go 的 REST 客户端不设上限）。</translation>
    </message>
    <message>
        <source>Sent by %1; it writes %2.</source>
        <translation>由 %1 发出；它写入 %2。</translation>
    </message>
    <message>
        <source>Sent by %1 while it processed the workqueue key %2.</source>
        <translation>由 %1 在处理工作队列键 %2 时发出。</translation>
    </message>
    <message>
        <source>Sent by %1 while it processed the workqueue key %2; the request writes %3.</source>
        <translation>由 %1 在处理工作队列键 %2 时发出；该请求写入 %3。</translation>
    </message>
    <message numerus="yes">
        <source>NumRequeues counts %n failure(s) of this key since its last Forget; the Add that queued it is no longer in the journal.</source>
        <translation>
            <numerusform>NumRequeues 记录了该键自上次 Forget 以来的 %n 次失败；把它放入队列的那次 Add 已不在日志中。</numerusform>
        </translation>
    </message>
    <message>
        <source>This sync is a rate-limited retry: the AddRateLimited %1 (%2 chose %3) came due %4 and queued the key.</source>
        <translation>这次同步是一次限速重试：%1 的 AddRateLimited（%2 选定 %3）%4到期，把该键放入队列。</translation>
    </message>
    <message>
        <source>This sync is a rate-limited retry: the key&apos;s delay came due %1 and queued it.</source>
        <translation>这次同步是一次限速重试：该键的延迟%1到期，把它放入队列。</translation>
    </message>
    <message numerus="yes">
        <source>NumRequeues counts %n failure(s) now.</source>
        <translation>
            <numerusform>NumRequeues 现在记录 %n 次失败。</numerusform>
        </translation>
    </message>
    <message>
        <source>The key was queued %1 by: %2.</source>
        <translation>该键%1被放入队列，来自：%2。</translation>
    </message>
    <message numerus="yes">
        <source>It is not the retry: NumRequeues counts %n failure(s) since the key&apos;s last Forget, and its rate-limited retry still waits in the delaying queue, but an Add that is not rate limited (an informer event, a resync) queues a key at once.</source>
        <translation>
            <numerusform>这不是那次重试：NumRequeues 记录了该键自上次 Forget 以来的 %n 次失败，它的限速重试仍在延迟队列中等待，但不限速的 Add（informer 事件、resync）会立即把键放入队列。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ItemExponentialFailure chose %1: the key has failed %n time(s) since its last Forget, and each failure doubles its wait (base × 2^(failures − 1): the first failure waits the base delay; up to the limiter&apos;s cap); the next failure waits twice as long.</source>
        <translation>
            <numerusform>ItemExponentialFailure 选择了 %1：该键自上次 Forget 以来已失败 %n 次，每次失败等待时间翻倍（基础延迟 × 2^(失败次数 − 1)：第一次失败等待基础延迟；不超过限速器的上限）；下一次失败将等待两倍长的时间。</numerusform>
        </translation>
    </message>
    <message>
        <source>410 Gone: the resourceVersion is older than the server keeps; only a list can repair the cache, and its Replace turns missed deletions into DeletedFinalStateUnknown tombstones. Click it: the Explain pane says what the Reflector did next.</source>
        <translation>410 Gone：该 resourceVersion 比服务器保留的更旧；只有一次 list 能修复缓存，它的 Replace 会把错过的删除变成 DeletedFinalStateUnknown 墓碑。点击它：解释窗格会说明 Reflector 接下来做了什么。</translation>
    </message>
    <message>
        <source>The list or watch failed. Click it: the Explain pane says what the Reflector did next (a new watch, a list, a backoff).</source>
        <translation>list 或 watch 失败。点击它：解释窗格会说明 Reflector 接下来做了什么（新的 watch、一次 list、一次退避）。</translation>
    </message>
    <message>
        <source>Resync tick: when a listener&apos;s resyncPeriod is due, DeltaFIFO.Resync queues a Sync for every Indexer key with nothing queued; syncing listeners receive OnUpdate(old, new) with the same object.</source>
        <translation>Resync 定时：当某个监听器的 resyncPeriod 到期时，DeltaFIFO.Resync 为 Indexer 中每个没有排队内容的键放入一个 Sync；处于 syncing 状态的监听器收到 old 与 new 为同一对象的 OnUpdate(old, new)。</translation>
    </message>
    <message>
        <source>Run pops continuously; Pause leaves deltas in the queue, where you can watch them pile up; Step pops exactly one key.</source>
        <translation>Run 持续 Pop；Pause 让 delta 留在队列中，你可以看着它们堆积；Step 只 Pop 一个键。</translation>
    </message>
    <message>
        <source>Old and new object have the same resourceVersion: nothing changed on the server. Such updates come from a Sync or Replaced delta.</source>
        <translation>新旧对象的 resourceVersion 相同：服务器上没有任何变化。这样的更新来自 Sync 或 Replaced delta。</translation>
    </message>
    <message>
        <source>DeltaFIFO.Resync queues the Indexer&apos;s current object for every key with nothing queued (keys with queued deltas are skipped: they will be delivered anyway). Nothing changed on the server: the resulting OnUpdate(old, new) carries the same object.</source>
        <translation>DeltaFIFO.Resync 为每个没有排队内容的键放入 Indexer 中的当前对象（已有排队 delta 的键被跳过：它们反正会被交付）。服务器上没有任何变化：由此产生的 OnUpdate(old, new) 携带同一个对象。</translation>
    </message>
    <message>
        <source>When popped it becomes OnAdd if the Indexer lacks the key, otherwise OnUpdate.</source>
        <translation>被 Pop 时，如果 Indexer 中没有该键，它变成 OnAdd，否则变成 OnUpdate。</translation>
    </message>
    <message>
        <source>The key&apos;s Deltas are now %1.</source>
        <translation>该键的 Deltas 现在是 %1。</translation>
    </message>
    <message>
        <source>The watch before it ended with an error; the journal no longer shows which.</source>
        <translation>它之前的 watch 以错误结束；日志中已看不到是哪个错误。</translation>
    </message>
    <message>
        <source>The watch error was %1.</source>
        <translation>该 watch 错误发生在 %1。</translation>
    </message>
    <message>
        <source>The API server&apos;s watch stream sent %1.</source>
        <translation>API 服务器的 watch 流发送了 %1。</translation>
    </message>
    <message>
        <source>It arrived during a WatchList&apos;s initial events: it moves the resourceVersion of the Reflector&apos;s temporary store to %1.</source>
        <translation>它在 WatchList 的初始事件期间到达：它把 Reflector 临时存储的 resourceVersion 移到 %1。</translation>
    </message>
    <message>
        <source>A listed object whose resourceVersion changed reaches every handler as OnUpdate (OnAdd if new).</source>
        <translation>resourceVersion 变化了的列出对象会以 OnUpdate（若是新对象则为 OnAdd）到达每个处理器。</translation>
    </message>
    <message>
        <source>client-go picks timeoutSeconds at random in [300, 600) so that informers do not all re-watch at once; this one is %1 s.</source>
        <translation>client-go 在 [300, 600) 中随机选取 timeoutSeconds，使各 informer 不会同时重新 watch；这一次是 %1 s。</translation>
    </message>
    <message>
        <source>timeoutSeconds %1 is this program&apos;s setting (client-go picks one at random in [300, 600) s).</source>
        <translation>timeoutSeconds %1 是本程序的设置（client-go 会在 [300, 600) s 中随机选取）。</translation>
    </message>
    <message>
        <source>resourceVersion &quot;&quot;: the newest state, a consistent read from etcd</source>
        <translation>resourceVersion &quot;&quot;：最新状态，从 etcd 一致读取</translation>
    </message>
    <message>
        <source>a state not older than %1</source>
        <translation>不早于 %1 的状态</translation>
    </message>
    <message>
        <source>WATCH with sendInitialEvents (WatchList), resourceVersion &quot;%1&quot; (timeoutSeconds %2)</source>
        <translation>带 sendInitialEvents 的 WATCH（WatchList），resourceVersion &quot;%1&quot;（timeoutSeconds %2）</translation>
    </message>
    <message>
        <source>The request failed %1 (%2): no watch existed.</source>
        <translation>该请求失败 %1（%2）：watch 从未存在。</translation>
    </message>
    <message>
        <source>Informer Lens let this WatchList go because it fell behind the initial events (its own backlog limit, not client-go&apos;s) and lists instead.</source>
        <translation>Informer Lens 放弃了这个 WatchList，因为它跟不上初始事件（这是本程序自己的积压上限，不是 client-go 的），改为 list。</translation>
    </message>
    <message>
        <source>The WATCH request itself was answered with this error: no watch existed.</source>
        <translation>WATCH 请求本身就得到了这个错误：watch 从未存在。</translation>
    </message>
    <message>
        <source>The watch closed after %1 ms without a single event: client-go calls that a &quot;very short watch&quot; and treats it as an error.</source>
        <translation>watch 在 %1 ms 后关闭，没有收到任何事件：client-go 称之为“very short watch”，并把它当作错误。</translation>
    </message>
    <message>
        <source>The open watch stream sent an ERROR event.</source>
        <translation>打开的 watch 流发送了一个 ERROR 事件。</translation>
    </message>
    <message>
        <source>410 Gone: the resourceVersion is older than the server keeps (etcd compaction); events in between may be lost, and only a list can repair the cache (Replace queues tombstones for objects deleted in the meantime).</source>
        <translation>410 Gone：该 resourceVersion 比服务器保留的更旧（etcd 压缩）；其间的事件可能已丢失，只有一次 list 能修复缓存（Replace 会为期间被删除的对象放入墓碑）。</translation>
    </message>
    <message>
        <source>The resourceVersion is never taken from the error&apos;s Status.</source>
        <translation>resourceVersion 从不取自错误的 Status。</translation>
    </message>
    <message>
        <source>The next request was a WATCH %1 from resourceVersion &quot;%2&quot;, without a list.</source>
        <translation>下一个请求是 %1 的 WATCH，从 resourceVersion &quot;%2&quot; 开始，没有 list。</translation>
    </message>
    <message>
        <source>client-go&apos;s backoff: 800 ms at first, doubled after each failure up to 30 s, with jitter, reset after 2 minutes without failure.</source>
        <translation>client-go 的退避：开始为 800 ms，每次失败加倍，最多 30 s，带抖动；2 分钟没有失败后重置。</translation>
    </message>
    <message>
        <source>The Reflector&apos;s watchHandler turns ADDED into DeltaFIFO.Add, MODIFIED into Update and DELETED into Delete, and remembers resourceVersion %1 so that the next watch resumes there.</source>
        <translation>Reflector 的 watchHandler 把 ADDED 变成 DeltaFIFO.Add，把 MODIFIED 变成 Update，把 DELETED 变成 Delete，并记住 resourceVersion %1，以便下一个 watch 从那里继续。</translation>
    </message>
    <message>
        <source>This event is part of a WatchList&apos;s initial events (sendInitialEvents): the Reflector keeps it in a temporary store instead of queueing it; only the initial-events-end bookmark hands the whole store to DeltaFIFO.Replace.</source>
        <translation>该事件属于 WatchList 的初始事件（sendInitialEvents）：Reflector 把它保存在临时存储中，而不是放入队列；只有 initial-events-end bookmark 才把整个临时存储交给 DeltaFIFO.Replace。</translation>
    </message>
    <message>
        <source>A BOOKMARK&apos;s object carries only metadata (its resourceVersion, and annotations): the Reflector moves its last resourceVersion to %1, so the next watch neither replays old events nor relists. Nothing is queued.</source>
        <translation>BOOKMARK 的对象只携带元数据（它的 resourceVersion 和注解）：Reflector 把最后的 resourceVersion 移到 %1，因此下一个 watch 既不重放旧事件，也不重新 list。没有任何内容被放入队列。</translation>
    </message>
    <message>
        <source>Its annotation k8s.io/initial-events-end says the streamed initial list is complete: the Reflector calls Replace with its temporary store, and the informer can become HasSynced.</source>
        <translation>它的注解 k8s.io/initial-events-end 表示流式的初始列表已完整：Reflector 用临时存储调用 Replace，informer 随后可以变为 HasSynced。</translation>
    </message>
    <message>
        <source>The watch asks for every change after resourceVersion %1, with allowWatchBookmarks: nothing from before it is replayed.</source>
        <translation>该 watch 请求 resourceVersion %1 之后的每个变化，并带有 allowWatchBookmarks：它之前的内容不会被重放。</translation>
    </message>
    <message>
        <source>A WatchList: a WATCH with sendInitialEvents=true and resourceVersionMatch=NotOlderThan at resourceVersion &quot;%1&quot; (%2). The server first sends every object as ADDED, then a BOOKMARK annotated k8s.io/initial-events-end, then the changes after it on the same stream. The Reflector queues nothing until that bookmark.</source>
        <translation>一个 WatchList：带 sendInitialEvents=true 和 resourceVersionMatch=NotOlderThan 的 WATCH，resourceVersion &quot;%1&quot;（%2）。服务器先把每个对象作为 ADDED 发送，然后发送带 k8s.io/initial-events-end 注解的 BOOKMARK，之后在同一个流上发送其后的变化。在该 bookmark 之前，Reflector 不放入任何内容。</translation>
    </message>
    <message>
        <source>An update whose resourceVersion did not change reaches only the listeners that are syncing (sharedProcessor.distribute): a listener is syncing from its registration (sharedProcessor.addListener) until the first resync tick, and after that only while the last tick found its resyncPeriod due (shouldResync).</source>
        <translation>resourceVersion 未变的更新只到达处于 syncing 状态的监听器（sharedProcessor.distribute）：监听器从注册起（sharedProcessor.addListener）直到第一次 resync 定时都处于 syncing 状态，此后只有在最近一次定时发现其 resyncPeriod 到期时才处于 syncing 状态（shouldResync）。</translation>
    </message>
    <message>
        <source>A real update: the resourceVersion moved, so sharedProcessor.distribute hands it to every listener, syncing or not.</source>
        <translation>真实的更新：resourceVersion 变了，因此 sharedProcessor.distribute 把它交给每个监听器，无论是否处于 syncing 状态。</translation>
    </message>
    <message>
        <source>client-go does not retry this error on the watch: ListAndWatch ends, and after backoff the Reflector starts over with a LIST from its last synced resourceVersion.</source>
        <translation>client-go 不会在 watch 上重试这个错误：ListAndWatch 结束，退避之后 Reflector 从最后同步的 resourceVersion 重新开始一次 LIST。</translation>
    </message>
    <message>
        <source>client-go retries this error on the watch: after backoff the Reflector sends a new WATCH from the same resourceVersion, without a list.</source>
        <translation>client-go 会在 watch 上重试这个错误：退避之后 Reflector 从同一个 resourceVersion 发送新的 WATCH，没有 list。</translation>
    </message>
    <message>
        <source>client-go retried this internal error at once, within MaxInternalErrorRetryDuration: a new WATCH, no backoff, no list.</source>
        <translation>client-go 在 MaxInternalErrorRetryDuration 之内立即重试了这个内部错误：新的 WATCH，没有退避，没有 list。</translation>
    </message>
    <message>
        <source>The WatchList failed with an error client-go does not retry, so the Reflector falls back to LIST then WATCH.</source>
        <translation>WatchList 以 client-go 不会重试的错误失败，因此 Reflector 退回到先 LIST 再 WATCH。</translation>
    </message>
    <message>
        <source>client-go asks again with a new WatchList (after backoff for 429 or a refused connection; at once, from resourceVersion &quot;&quot;, for 410 or a resourceVersion too large).</source>
        <translation>client-go 用一个新的 WatchList 再次请求（429 或连接被拒绝时在退避之后；410 或 resourceVersion 过大时立即从 resourceVersion &quot;&quot; 开始）。</translation>
    </message>
    <message>
        <source>A watch that ends without an error (the server&apos;s timeout, or a broken stream) is restarted from the last resourceVersion, %1: no relist, nothing queued. The gap until the next watch is a window in which no events arrive.</source>
        <translation>没有错误地结束的 watch（服务器超时，或流中断）会从最后的 resourceVersion %1 重新开始：不重新 list，不放入任何内容。到下一个 watch 之前的间隙是一个收不到事件的窗口。</translation>
    </message>
    <message>
        <source>The WatchList closed before its initial-events-end bookmark: the Reflector drops its temporary store and asks again with a new WatchList.</source>
        <translation>WatchList 在 initial-events-end bookmark 之前关闭：Reflector 丢弃临时存储，用新的 WatchList 再次请求。</translation>
    </message>
    <message>
        <source>ListAndWatch returns the error (the WatchErrorHandler sees it) and the Reflector backs off before it lists again.</source>
        <translation>ListAndWatch 返回该错误（WatchErrorHandler 会看到它），Reflector 先退避再重新 list。</translation>
    </message>
    <message>
        <source>A continue token expired (410): client-go&apos;s ListPager lists again at once, in one unpaged request at the list&apos;s resourceVersion (FullListIfExpired); no backoff.</source>
        <translation>continue 令牌过期（410）：client-go 的 ListPager 立即以该列表的 resourceVersion 用一次不分页的请求重新列出（FullListIfExpired）；没有退避。</translation>
    </message>
    <message>
        <source>Then ListAndWatch starts again (next list cause: %1).</source>
        <translation>然后 ListAndWatch 重新开始（下一次 list 的原因：%1）。</translation>
    </message>
    <message>
        <source>Then the Reflector retries the watch (%1), without a list.</source>
        <translation>然后 Reflector 重试 watch（%1），没有 list。</translation>
    </message>
    <message>
        <source>The DeltaFIFO never merges a key&apos;s deltas: each one is appended, oldest first, except that two Deleted in a row collapse into one (dedupDeltas).</source>
        <translation>DeltaFIFO 从不合并一个键的 delta：每个都按从旧到新追加，只有连续两个 Deleted 会合并为一个（dedupDeltas）。</translation>
    </message>
    <message>
        <source>The watch before it got 410 Gone (its resourceVersion is older than the server keeps), which ends ListAndWatch; after backoff it starts over with a list from the last synced resourceVersion (relistResourceVersion).</source>
        <translation>它之前的 watch 收到 410 Gone（其 resourceVersion 比服务器保留的更旧），这会结束 ListAndWatch；退避之后从最后同步的 resourceVersion 重新开始一次 list（relistResourceVersion）。</translation>
    </message>
    <message>
        <source>The watch stream sent an ERROR event (%1) that client-go does not retry on the watch, so ListAndWatch ended; after backoff it starts over with a list from the last synced resourceVersion.</source>
        <translation>watch 流发送了一个 client-go 不会在 watch 上重试的 ERROR 事件（%1），因此 ListAndWatch 结束；退避之后从最后同步的 resourceVersion 重新开始一次 list。</translation>
    </message>
    <message>
        <source>The WATCH request itself failed (%1): no watch existed, and client-go retries on the watch only a refused connection or 429, so ListAndWatch returned the error; after backoff it starts over with a list.</source>
        <translation>WATCH 请求本身失败（%1）：watch 从未存在，而 client-go 只对连接被拒绝或 429 在 watch 上重试，因此 ListAndWatch 返回了该错误；退避之后重新开始一次 list。</translation>
    </message>
    <message>
        <source>The watch before it closed after %1 ms without a single event, which client-go treats as an error (&quot;very short watch&quot;): ListAndWatch ended, and after backoff it starts over with a list.</source>
        <translation>它之前的 watch 在 %1 ms 后关闭，没有收到任何事件，client-go 把这当作错误（“very short watch”）：ListAndWatch 结束，退避之后重新开始一次 list。</translation>
    </message>
    <message>
        <source>At least one listener&apos;s resyncPeriod was due, so DeltaFIFO.Resync queued a Sync for every Indexer key with nothing queued.</source>
        <translation>至少一个监听器的 resyncPeriod 已到期，因此 DeltaFIFO.Resync 为 Indexer 中每个没有排队内容的键放入了一个 Sync。</translation>
    </message>
    <message>
        <source>This timeout is Informer Lens&apos;s own (its WatchList bookmark timeout, %1 ms here), not client-go&apos;s: client-go waits for the bookmark as long as the watch lasts and falls back to LIST+WATCH only when the WatchList request fails.</source>
        <translation>这个超时是 Informer Lens 自己的（它的 WatchList bookmark 超时，此处为 %1 ms），不是 client-go 的：client-go 会在 watch 持续期间一直等待该 bookmark，只有在 WatchList 请求失败时才退回到 LIST+WATCH。</translation>
    </message>
    <message numerus="yes">
        <source>RateLimited: the rate limiter&apos;s When chose %1 (it is asked on every such add, so the key now has %n failure(s) to its name even if the add merges away); the add waits the smaller of After and that.</source>
        <translation>
            <numerusform>RateLimited：限速器的 When 选择了 %1（每次这样的添加都会询问它，所以即使这次添加被合并掉，该键现在也已记有 %n 次失败）；这次添加等待 After 与它之中较小的那个。</numerusform>
        </translation>
    </message>
    <message>
        <source>An After of zero or less means ready now, and such an add is no retry.</source>
        <translation>After 为零或负数表示立即就绪，这样的添加不算重试。</translation>
    </message>
    <message>
        <source>Its effective delay, %1, is more than zero, so it counts in workqueue_retries_total, whatever the merge below made of it.</source>
        <translation>它的实际延迟 %1 大于零，所以计入 workqueue_retries_total，无论下面的合并结果如何。</translation>
    </message>
    <message>
        <source>The key had no entry, so a new one is made.</source>
        <translation>该键没有条目，所以新建一个。</translation>
    </message>
    <message>
        <source>It waits until %1 at priority %2; while it waits it is neither in Len nor in any depth series, and when its time comes it takes a new sequence number.</source>
        <translation>它以优先级 %2 等待到 %1；等待期间它既不在 Len 中，也不在任何 depth 序列中，时间到了时它会取得一个新序号。</translation>
    </message>
    <message>
        <source>It is ready and counts in depth{priority=&quot;%1&quot;}.</source>
        <translation>它已就绪，计入 depth{priority=&quot;%1&quot;}。</translation>
    </message>
    <message>
        <source>It still waits until %1; only ready entries are in depth.</source>
        <translation>它仍等待到 %1；只有就绪条目计入 depth。</translation>
    </message>
    <message>
        <source>The key was already waiting for a later time; the earlier readyAt wins, so it now waits until %1.</source>
        <translation>该键原本在等待一个更晚的时间；较早的 readyAt 胜出，所以它现在等待到 %1。</translation>
    </message>
    <message>
        <source>The key was already waiting with a ready time no later than this one, %1, and keeps it: of two delays the earlier readyAt wins.</source>
        <translation>该键原本已在等待，就绪时间 %1 不晚于这次的，于是保留它：两个延迟中较早的 readyAt 胜出。</translation>
    </message>
    <message>
        <source>The key was already ready at priority %1, and this add neither raises its priority nor has a time to shorten, so nothing changes: the entry keeps its sequence number %2 and its place, and no metric counts it.</source>
        <translation>该键已在优先级 %1 就绪，这次添加既没有提高它的优先级，也没有可缩短的时间，所以什么都不变：该条目保留序号 %2 和它的位置，也不计入任何指标。</translation>
    </message>
    <message>
        <source>Done unlocks the key after %1 of work. It was added again meanwhile, and that ready entry can be handed out now, in its order.</source>
        <translation>Done 在工作 %1 之后解锁该键。其间它又被添加过，那个就绪条目现在可以按它的顺序被交出。</translation>
    </message>
    <message>
        <source>Done unlocks the key after %1 of work (the work_duration metric). No ready entry of it waits.</source>
        <translation>Done 在工作 %1 之后解锁该键（work_duration 指标）。没有它的就绪条目在等待。</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) were being processed; their workers may still call Done.</source>
        <translation>
            <numerusform>%n 个键正在处理中；它们的 worker 仍可以调用 Done。</numerusform>
        </translation>
    </message>
    <message>
        <source>The handler asked for priority %1 itself: an explicit priority wins over the handler&apos;s default.</source>
        <translation>处理器自己指定了优先级 %1：显式指定的优先级优先于处理器的默认值。</translation>
    </message>
    <message>
        <source>Priority unset (the queue reads it as 0): resourceVersion %1 → %2 is a real change, or the queue is not a priority queue.</source>
        <translation>未设置优先级（队列按 0 处理）：resourceVersion %1 → %2 是一次真实变更，或者队列不是优先级队列。</translation>
    </message>
    <message>
        <source>isInInitialList was true, yet no LowPriority was applied: the queue is not a priority queue, or the handler adds without TypedFuncs&apos; wrapper (a handler type of its own).</source>
        <translation>isInInitialList 为 true，却没有应用 LowPriority：队列不是优先级队列，或者处理器没有经过 TypedFuncs 的包装就直接添加（自定义的处理器类型）。</translation>
    </message>
    <message>
        <source>Priority unset (the queue reads it as 0): a create the watch delivered, not part of the initial list.</source>
        <translation>未设置优先级（队列按 0 处理）：这是 watch 投递的创建事件，不属于初始列表。</translation>
    </message>
    <message>
        <source>Queue call: %1.</source>
        <translation>队列调用：%1。</translation>
    </message>
    <message>
        <source>Predicate %1 answered false for this %2 event, so handler %3 never saw it: the source&apos;s adapter stops at the first predicate that says false. Predicates filter events only; the informer&apos;s cache still holds the object.</source>
        <translation>谓词 %1 对这个 %2 事件返回 false，所以处理器 %3 没有收到它：source 的适配器在第一个返回 false 的谓词处停止。谓词只过滤事件；informer 的缓存仍然保存该对象。</translation>
    </message>
    <message>
        <source>Old and new resourceVersion are both %1: a resync or relist re-delivery, which old/new-comparing predicates always drop.</source>
        <translation>新旧 resourceVersion 都是 %1：这是 resync 或重新列表的再次投递，比较新旧对象的谓词总会丢弃它。</translation>
    </message>
    <message>
        <source>the priority queue</source>
        <translation>优先级队列</translation>
    </message>
    <message>
        <source>client-go&apos;s rate-limiting queue (UsePriorityQueue=false)</source>
        <translation>client-go 的限速队列（UsePriorityQueue=false）</translation>
    </message>
    <message>
        <source>Every watched source started and synced within CacheSyncTimeout (%1 ms); for source.Kind that means the informer synced and the handler received the whole initial list, so the queue already holds it.</source>
        <translation>每个被监视的 source 都已在 CacheSyncTimeout（%1 ms）内启动并同步；对 source.Kind 而言，这意味着 informer 已同步且处理器已收到完整的初始列表，因此队列中已经有这些键。</translation>
    </message>
    <message>
        <source>%1 worker(s) (MaxConcurrentReconciles) now take keys from %2 with rate limiter %3.</source>
        <translation>%1 个 worker（MaxConcurrentReconciles）现在从 %2 取键，限速器为 %3。</translation>
    </message>
    <message>
        <source>Start returned this error and no worker started: %1</source>
        <translation>Start 返回了这个错误，没有启动任何 worker：%1</translation>
    </message>
    <message>
        <source>The controller&apos;s context ended: its queue shuts down and the workers end.</source>
        <translation>控制器的 context 已结束：它的队列关闭，worker 随之结束。</translation>
    </message>
    <message>
        <source>The reconciler panicked and RecoverPanic is false: upstream the process crashes; here the worker ends. reconcile_panics_total +1.</source>
        <translation>reconciler 发生 panic 且 RecoverPanic 为 false：在上游进程会崩溃；这里该 worker 结束。reconcile_panics_total +1。</translation>
    </message>
    <message>
        <source>The reconciler panicked; RecoverPanic turned the panic into this error. reconcile_panics_total +1.</source>
        <translation>reconciler 发生了 panic；RecoverPanic 把这个 panic 变成了这个错误。reconcile_panics_total +1。</translation>
    </message>
    <message>
        <source>The reconciler also asked for a requeue (RequeueAfter or Requeue); with an error that is ignored and controller-runtime logs a warning.</source>
        <translation>reconciler 同时要求了重新入队（RequeueAfter 或 Requeue）；带有错误时这会被忽略，controller-runtime 会记录一条警告。</translation>
    </message>
    <message>
        <source>ReconciliationTimeout ended the reconcile&apos;s context: reconcile_timeouts_total +1.</source>
        <translation>ReconciliationTimeout 结束了本次 reconcile 的 context：reconcile_timeouts_total +1。</translation>
    </message>
    <message>
        <source>Queue calls: none.</source>
        <translation>队列调用：无。</translation>
    </message>
    <message>
        <source>Queue calls: %1.</source>
        <translation>队列调用：%1。</translation>
    </message>
    <message>
        <source>Worker %1 took %2 at priority %3 (reconcileID %4); the key stays locked until Done. The rate limiter has counted %5 failure(s) for it (NumRequeues).</source>
        <translation>worker %1 以优先级 %3 取得 %2（reconcileID %4）；在 Done 之前该键保持锁定。限速器已为它记录 %5 次失败（NumRequeues）。</translation>
    </message>
    <message>
        <source>The queue is shut down, so this add is dropped (no entry, no rate limiter call, no metric).</source>
        <translation>队列已关闭，所以这次添加被丢弃（不建条目，不调用限速器，不计指标）。</translation>
    </message>
    <message>
        <source>A worker held this key when it was added; the key had no entry, so a new one is made.</source>
        <translation>添加时有 worker 持有该键；该键没有条目，所以新建一个。</translation>
    </message>
    <message>
        <source>It is ready with sequence number %1 at priority %2.</source>
        <translation>它已就绪，序号 %1，优先级 %2。</translation>
    </message>
    <message>
        <source>It counts in Len, in adds and in depth{priority=&quot;%1&quot;}.</source>
        <translation>它计入 Len、adds 和 depth{priority=&quot;%1&quot;}。</translation>
    </message>
    <message>
        <source>The key already had an entry with a lower priority; it now has priority %1 and sequence number %2.</source>
        <translation>该键原有一个优先级更低的条目；它现在的优先级为 %1，序号为 %2。</translation>
    </message>
    <message>
        <source>The entry was ready already, so this add&apos;s delay is dropped.</source>
        <translation>该条目原本已就绪，所以这次添加的延迟被丢弃。</translation>
    </message>
    <message>
        <source>The key was already ready, so this delayed add is dropped; the entry keeps its sequence number %1 and its place.</source>
        <translation>该键原本已就绪，所以这次延迟添加被丢弃；该条目保留序号 %1 和它的位置。</translation>
    </message>
    <message>
        <source>The key was waiting; this add has no delay, so the entry becomes ready now and keeps its sequence number %1. It counts in Len, in adds and in depth{priority=&quot;%2&quot;} from now on.</source>
        <translation>该键原本在等待；这次添加没有延迟，所以条目现在就绪并保留序号 %1。从现在起它计入 Len、adds 和 depth{priority=&quot;%2&quot;}。</translation>
    </message>
    <message>
        <source>It asked for priority %1, lower than the entry&apos;s %2, which it keeps.</source>
        <translation>它请求的优先级 %1 低于条目的 %2，条目保持 %2。</translation>
    </message>
    <message>
        <source>%1 (priority %2)</source>
        <translation>%1（优先级 %2）</translation>
    </message>
    <message numerus="yes">
        <source>%1 was ready at priority %2 from %3 for %4 before it was handed out; meanwhile the queue handed out %n key(s) of a higher priority first: %5.</source>
        <translation>
            <numerusform>%1 自 %3 起以优先级 %2 就绪，等了 %4 才被交出；其间队列先交出了 %n 个更高优先级的键：%5。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 has been ready at priority %2 since %3 (%4); since then the queue handed out %n key(s) of a higher priority: %5, and never this one.</source>
        <translation>
            <numerusform>%1 自 %3 起以优先级 %2 就绪（%4）；此后队列交出了 %n 个更高优先级的键：%5，却从未交出它。</numerusform>
        </translation>
    </message>
    <message>
        <source>Its ready time came (%1, %2 late), so handleWaitingItems moved the entry to the ready ones with a new sequence number, %3, at priority %4. It counts in Len, in adds and in depth{priority=&quot;%4&quot;} now.</source>
        <translation>它的就绪时间已到（%1，晚了 %2），所以 handleWaitingItems 把该条目移入就绪条目，新序号 %3，优先级 %4。它现在计入 Len、adds 和 depth{priority=&quot;%4&quot;}。</translation>
    </message>
    <message>
        <source>The queue is shut down, so GetWithPriority answers shutdown at once, and the worker ends.</source>
        <translation>队列已关闭，所以 GetWithPriority 立即回答 shutdown，worker 随之结束。</translation>
    </message>
    <message>
        <source>GetWithPriority handed the key out at priority %1 (sequence number %2). It had been ready for %3 (the queue_duration metric counts from when it first became ready).</source>
        <translation>GetWithPriority 以优先级 %1（序号 %2）交出了该键。它已就绪 %3（queue_duration 指标从它首次就绪时开始计）。</translation>
    </message>
    <message numerus="yes">
        <source>%n ready entry(s) left.</source>
        <translation>
            <numerusform>还剩 %n 个就绪条目。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Forget: the rate limiter had counted %n failure(s) for the key.</source>
        <translation>
            <numerusform>Forget：限速器曾为该键记录 %n 次失败。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ShutDown: %n entry(s) were queued.</source>
        <translation>
            <numerusform>ShutDown：队列中有 %n 个条目。</numerusform>
        </translation>
    </message>
    <message>
        <source>handler.LowPriority (%1): this create is part of the informer&apos;s initial list (IsInInitialList).</source>
        <translation>handler.LowPriority（%1）：这次创建属于 informer 的初始列表（IsInInitialList）。</translation>
    </message>
    <message>
        <source>handler.LowPriority (%1): the old and new objects carry the same resourceVersion %2.</source>
        <translation>handler.LowPriority（%1）：新旧对象的 resourceVersion 相同，都是 %2。</translation>
    </message>
    <message>
        <source>Priority unset (the queue reads it as 0).</source>
        <translation>未设置优先级（队列按 0 处理）。</translation>
    </message>
    <message>
        <source>Terminal error: reconcile_total{result=&quot;error&quot;}, reconcile_errors_total and terminal_reconcile_errors_total +1.</source>
        <translation>终止性错误：reconcile_total{result=&quot;error&quot;}、reconcile_errors_total 和 terminal_reconcile_errors_total +1。</translation>
    </message>
    <message>
        <source>Error: reconcile_errors_total +1.</source>
        <translation>错误：reconcile_errors_total +1。</translation>
    </message>
    <message>
        <source>RequeueAfter %1 ms.</source>
        <translation>RequeueAfter %1 ms。</translation>
    </message>
    <message>
        <source>Requeue: true (deprecated since v0.21).</source>
        <translation>Requeue: true（自 v0.21 起已弃用）。</translation>
    </message>
    <message>
        <source>Success.</source>
        <translation>成功。</translation>
    </message>
    <message>
        <source>The requeue is at priority %1.</source>
        <translation>重新入队的优先级为 %1。</translation>
    </message>
    <message>
        <source>Ready entries are handed out by priority, highest first, then by sequence number, and a key a worker holds is skipped (handleReadyItems).</source>
        <translation>就绪条目按优先级交出，最高的先出，同一优先级再按序号；被 worker 持有的键会被跳过（handleReadyItems）。</translation>
    </message>
    <message>
        <source>A ready entry is handed out only when no unheld ready entry of a higher priority exists: while keys of a higher priority keep coming back, it waits, however long.</source>
        <translation>只有在没有未被持有的更高优先级就绪条目时，一个就绪条目才会被交出：只要更高优先级的键不断回来，它就一直等待，无论多久。</translation>
    </message>
    <message>
        <source>A key&apos;s priority is only ever raised, never lowered; a raise takes a new sequence number, so the key goes to the tail of its new level, behind the entries already there (FIFO within a level, since v0.23).</source>
        <translation>键的优先级只会提高，从不降低；提高时取得新序号，所以该键排到新级别的末尾，在已有条目之后（同一级别内先进先出，自 v0.23 起）。</translation>
    </message>
    <message>
        <source>Ready beats any delay: an entry that is ready stays ready, and a delay merged into it is dropped for good (no timer adds it later).</source>
        <translation>就绪胜过任何延迟：已就绪的条目保持就绪，合并进来的延迟被永久丢弃（之后不会有定时器再添加它）。</translation>
    </message>
    <message>
        <source>A key a worker holds (handed out, not yet Done) has no entry in the queue, so an add meanwhile makes a new one, and that entry is handed out only after the worker&apos;s Done.</source>
        <translation>被 worker 持有（已交出、尚未 Done）的键在队列中没有条目，所以其间的添加会新建一个条目，而该条目要等那个 worker 调用 Done 之后才会被交出。</translation>
    </message>
    <message>
        <source>After ShutDown the priority queue does not drain: its entries are abandoned, every Get answers shutdown at once and every add is dropped.</source>
        <translation>ShutDown 之后优先级队列不会排空：其中的条目被放弃，每次 Get 都立即回答 shutdown，每次添加都被丢弃。</translation>
    </message>
    <message>
        <source>Forget clears the rate limiter&apos;s count for the key, so its next rate-limited add starts from the base delay again; it does not remove an entry from the queue.</source>
        <translation>Forget 清除限速器对该键的计数，所以它下一次限速添加重新从基础延迟开始；它不会从队列中移除条目。</translation>
    </message>
    <message>
        <source>controller-runtime&apos;s handlers add a create from the initial list at LowPriority (−100), below every real change (TypedFuncs.Create, IsInInitialList).</source>
        <translation>controller-runtime 的处理器以 LowPriority（−100）添加来自初始列表的创建事件，低于每一次真实变更（TypedFuncs.Create，IsInInitialList）。</translation>
    </message>
    <message>
        <source>controller-runtime&apos;s handlers add an update whose old and new resourceVersion are the same string at LowPriority (−100): a resync or relist re-delivery, not a change (TypedFuncs.Update).</source>
        <translation>controller-runtime 的处理器以 LowPriority（−100）添加新旧 resourceVersion 字符串相同的更新：这是 resync 或重新列表的再次投递，而不是变更（TypedFuncs.Update）。</translation>
    </message>
    <message>
        <source>Delete and Generic events are never lowered: the handler adds them without a priority, which the queue reads as 0.</source>
        <translation>Delete 和 Generic 事件从不降低优先级：处理器添加它们时不带优先级，队列按 0 处理。</translation>
    </message>
    <message>
        <source>reconcileHandler requeues the key rate-limited (AddWithOpts{RateLimited}) without Forget, so its backoff keeps growing until a success.</source>
        <translation>reconcileHandler 以限速方式（AddWithOpts{RateLimited}）重新放入该键，且不调用 Forget，所以它的退避会一直增长，直到一次成功。</translation>
    </message>
    <message>
        <source>For RequeueAfter reconcileHandler calls Forget, which resets the key&apos;s backoff, then AddWithOpts{After: RequeueAfter}.</source>
        <translation>对于 RequeueAfter，reconcileHandler 先调用 Forget 重置该键的退避，再调用 AddWithOpts{After: RequeueAfter}。</translation>
    </message>
    <message>
        <source>For a TerminalError reconcileHandler neither requeues nor Forgets the key: it waits for its next event.</source>
        <translation>对于 TerminalError，reconcileHandler 既不重新入队也不 Forget 该键：它等待下一个事件。</translation>
    </message>
    <message>
        <source>On success reconcileHandler calls Forget, which clears the key&apos;s rate-limiter history; nothing is queued again until an event comes.</source>
        <translation>成功时 reconcileHandler 调用 Forget，清除该键的限速历史；在新事件到来之前不会再放入队列。</translation>
    </message>
    <message>
        <source>A requeue uses the priority the key was handed out at, or Result.Priority when the reconciler set one.</source>
        <translation>重新入队使用该键被交出时的优先级；若 reconciler 设置了 Result.Priority，则用它。</translation>
    </message>
    <message>
        <source>With UsePriorityQueue=false the controller runs on client-go&apos;s rate-limiting queue (priorityQueueWrapper): every priority is ignored, keys go out first in, first out, and GetWithPriority reports 0.</source>
        <translation>UsePriorityQueue=false 时，控制器运行在 client-go 的限速队列上（priorityQueueWrapper）：所有优先级都被忽略，键按先进先出交出，GetWithPriority 总是报告 0。</translation>
    </message>
    <message>
        <source>Informer Lens sent GET %1 to the API server, which passes it to the pod or service named in it (the proxy subresource; the user needs RBAC get on it).</source>
        <translation>Informer Lens 向 API server 发送了 GET %1，API server 把它转给其中指名的 pod 或 service（proxy 子资源；用户需要对它有 RBAC get 权限）。</translation>
    </message>
    <message>
        <source>Informer Lens sent GET %1.</source>
        <translation>Informer Lens 发送了 GET %1。</translation>
    </message>
    <message>
        <source>The answer was HTTP %1 after %2 ms.</source>
        <translation>应答为 HTTP %1，用时 %2 ms。</translation>
    </message>
    <message>
        <source>Why it failed: %1.</source>
        <translation>失败原因：%1。</translation>
    </message>
    <message>
        <source>The Metrics tab keeps the figures of the last good scrape of this target, journal event %1 at %2 s.</source>
        <translation>Metrics 标签页保留此目标上一次成功抓取的数值：日志事件 %1，时间 %2 s。</translation>
    </message>
    <message>
        <source>No scrape of this target has succeeded yet: the Metrics tab has no figures for it.</source>
        <translation>此目标还没有一次抓取成功：Metrics 标签页没有它的数值。</translation>
    </message>
    <message>
        <source>The controller answered HTTP %1 with %2 bytes in %3 ms: %4 families, %5 samples.</source>
        <translation>控制器以 HTTP %1 应答，%2 字节，用时 %3 ms：%4 个指标族，%5 个样本。</translation>
    </message>
    <message>
        <source>Workqueues in it: %1.</source>
        <translation>其中的工作队列：%1。</translation>
    </message>
    <message>
        <source>controller-runtime controllers in it: %1.</source>
        <translation>其中的 controller-runtime 控制器：%1。</translation>
    </message>
    <message>
        <source>Left out: %1.</source>
        <translation>略去：%1。</translation>
    </message>
</context>
<context>
    <name>lens::CaptionPane</name>
    <message>
        <source>Event %1 is no longer retained by the journal.</source>
        <translation>事件 %1 已不在日志保留范围内。</translation>
    </message>
    <message>
        <source>journal event %1 · %2</source>
        <translation>日志事件 %1 · %2</translation>
    </message>
    <message>
        <source>Select a journal event, a key history row, a handler notification, a timeline marker or a queued key: this pane explains it.</source>
        <translation>选择一个日志事件、键历史行、处理器通知、时间线标记或排队的键：此窗格会解释它。</translation>
    </message>
    <message>
        <source>queued key %1</source>
        <translation>排队的键 %1</translation>
    </message>
    <message>
        <source>%1 is not queued</source>
        <translation>%1 不在队列中</translation>
    </message>
    <message>
        <source>Pop handed its Deltas to HandleDeltas at %1 (journal event %2).</source>
        <translation>Pop 已于 %1（日志事件 %2）把它的 Deltas 交给 HandleDeltas。</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>键 %1</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>scenario caption</source>
        <translation>场景说明</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
    <message>
        <source>Explanation of the selection</source>
        <translation>所选内容的解释</translation>
    </message>
    <message>
        <source>No caption yet at this moment.</source>
        <translation>此刻还没有说明。</translation>
    </message>
</context>
<context>
    <name>lens::ControllerLoop</name>
    <message>
        <source>%1 took it from the %2 queue (requeues %3)</source>
        <translation>%1 从 %2 队列取走了它（重新入队 %3 次）</translation>
    </message>
    <message>
        <source>%1 finished: %2 — %3</source>
        <translation>%1 完成：%2 — %3</translation>
    </message>
    <message>
        <source> · re-queued in %1 ms</source>
        <translation> · %1 ms 后重新入队</translation>
    </message>
    <message>
        <source>%1 called Delete for %2</source>
        <translation>%1 为 %2 调用了 Delete</translation>
    </message>
    <message>
        <source>%1 called Provision: volume %2, class %3</source>
        <translation>%1 调用了 Provision：卷 %2，存储类 %3</translation>
    </message>
    <message>
        <source>returned %1 after %2 ms</source>
        <translation>%2 ms 后返回 %1</translation>
    </message>
    <message>
        <source> (a failure set on the provisioner)</source>
        <translation>（在供应器上设置的失败）</translation>
    </message>
    <message>
        <source>%1 %2 (by %3)</source>
        <translation>%1 %2（由 %3 发出）</translation>
    </message>
    <message>
        <source>%1 %2 failed after %3 ms: %4</source>
        <translation>%1 %2 在 %3 ms 后失败：%4</translation>
    </message>
    <message>
        <source>%1 %2 answered %3 after %4 ms</source>
        <translation>%1 %2 在 %4 ms 后应答 %3</translation>
    </message>
    <message>
        <source> · stored at rv %1: its watch event brings the same rv back</source>
        <translation> · 存储于 rv %1：它的 watch 事件会带回同一个 rv</translation>
    </message>
    <message>
        <source>%1 %2 through the %3 informer: the object this key&apos;s create wrote, coming back (rv %4 = the create&apos;s answer)</source>
        <translation>%1 %2 经由 %3 informer：该键的创建请求写入的对象，回来了（rv %4 = 创建请求的应答）</translation>
    </message>
    <message>
        <source>%1 %2 through the %3 informer: the object this key&apos;s create wrote</source>
        <translation>%1 %2 经由 %3 informer：该键的创建请求写入的对象</translation>
    </message>
    <message>
        <source>%1 finished: %2 — PV already exists (409) — the library treats this as provisioned</source>
        <translation>%1 完成：%2 — PV 已存在（409）— 库把这视为已 provision</translation>
    </message>
    <message>
        <source> — PV already exists (409) — the library treats this as provisioned</source>
        <translation> — PV 已存在（409）— 库把这视为已 provision</translation>
    </message>
</context>
<context>
    <name>lens::Duration</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
</context>
<context>
    <name>lens::HandlerNotificationsModel</name>
    <message>
        <source>OnAdd(obj, isInInitialList=true): the object was in the informer&apos;s first LIST, delivered before HasSynced</source>
        <translation>OnAdd(obj, isInInitialList=true)：对象来自 informer 的首次 LIST，在 HasSynced 之前投递</translation>
    </message>
    <message>
        <source>OnAdd(obj, isInInitialList=false): a watch event or a relist brought a key the indexer did not have</source>
        <translation>OnAdd(obj, isInInitialList=false)：watch 事件或重新 list 带来了 indexer 中尚无的键</translation>
    </message>
    <message>
        <source>OnUpdate(old, new): the object changed (RV %1 → %2)</source>
        <translation>OnUpdate(old, new)：对象已变更（RV %1 → %2）</translation>
    </message>
    <message>
        <source>OnUpdate(old, new) from a resync: the indexer&apos;s copy was re-delivered unchanged because this handler&apos;s resync period was due</source>
        <translation>来自 resync 的 OnUpdate(old, new)：该处理器的 resync 周期已到，indexer 中的副本被原样重新投递</translation>
    </message>
    <message>
        <source>OnDelete(obj): a DELETED watch event; obj is the last state</source>
        <translation>OnDelete(obj)：DELETED watch 事件；obj 为最后状态</translation>
    </message>
    <message>
        <source>OnDelete(DeletedFinalStateUnknown): the delete was missed (e.g. during a 410 Gone) and found by the relist; obj may be stale</source>
        <translation>OnDelete(DeletedFinalStateUnknown)：删除被错过（例如 410 Gone 期间），由重新 list 发现；obj 可能已过时</translation>
    </message>
    <message>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Notification</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>RV</source>
        <translation>RV</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>Backlog</source>
        <translation>积压</translation>
    </message>
</context>
<context>
    <name>lens::HandlersModel</name>
    <message>
        <source>add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>add (initial list)</source>
        <translation>添加（初始列表）</translation>
    </message>
    <message>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>update (resync)</source>
        <translation>更新（resync）</translation>
    </message>
    <message>
        <source>delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>delete (tombstone)</source>
        <translation>删除（墓碑）</translation>
    </message>
    <message>
        <source>%1 %2@%3 at %4</source>
        <translation>%1 %2@%3，于 %4</translation>
    </message>
    <message>
        <source>%1: %2 notifications delivered
add: %3 (of which %4 from the initial list)
update: %5 (of which %6 from resync)
delete: %7 (of which %8 DeletedFinalStateUnknown tombstones)
backlog now %9, at most %10 (pendingNotifications)</source>
        <translation>%1：已投递 %2 条通知
添加：%3（其中 %4 条来自初始列表）
更新：%5（其中 %6 条来自 resync）
删除：%7（其中 %8 条为 DeletedFinalStateUnknown 墓碑）
当前积压 %9，最多 %10（pendingNotifications）</translation>
    </message>
    <message>
        <source>Notifications waiting in the listener&apos;s buffer after the newest delivery</source>
        <translation>最近一次投递后仍在监听器缓冲区中等待的通知</translation>
    </message>
    <message>
        <source>Median time from queued to the listener until its handler ran (newest 1024)</source>
        <translation>从排入监听器到处理器执行的中位时间（最近 1024 条）</translation>
    </message>
    <message>
        <source>Longest time from queued to handled</source>
        <translation>从排队到处理的最长时间</translation>
    </message>
    <message>
        <source>Handler</source>
        <translation>处理器</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>已投递</translation>
    </message>
    <message>
        <source>Backlog</source>
        <translation>积压</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>p50 ms</source>
        <translation>p50 毫秒</translation>
    </message>
    <message>
        <source>max ms</source>
        <translation>最大毫秒</translation>
    </message>
    <message>
        <source>Last notification</source>
        <translation>最近通知</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已移除</translation>
    </message>
</context>
<context>
    <name>lens::HandlersPanel</name>
    <message>
        <source>Event handlers</source>
        <translation>事件处理器</translation>
    </message>
    <message>
        <source>Notifications of the selected handler</source>
        <translation>所选处理器的通知</translation>
    </message>
    <message numerus="yes">
        <source>%n listener(s)</source>
        <translation>
            <numerusform>%n 个监听器</numerusform>
        </translation>
    </message>
    <message>
        <source> · %1 delivered · backlog %2</source>
        <translation> · 已投递 %1 · 积压 %2</translation>
    </message>
    <message>
        <source>no informer to add a handler to</source>
        <translation>没有可添加处理器的 informer</translation>
    </message>
    <message>
        <source>the handler needs a name</source>
        <translation>处理器需要一个名称</translation>
    </message>
    <message>
        <source>a handler named %1 exists already</source>
        <translation>名为 %1 的处理器已存在</translation>
    </message>
    <message>
        <source>the informer refused the handler</source>
        <translation>informer 拒绝了该处理器</translation>
    </message>
    <message>
        <source>resync asked %1 s, in effect %2 s</source>
        <translation>resync 请求 %1 s，实际 %2 s</translation>
    </message>
    <message>
        <source> · processing time %1 ms per notification</source>
        <translation> · 每条通知处理时间 %1 ms</translation>
    </message>
    <message>
        <source>Added handler %1: %2</source>
        <translation>已添加处理器 %1：%2</translation>
    </message>
    <message>
        <source>Add event handler</source>
        <translation>添加事件处理器</translation>
    </message>
    <message>
        <source>Handlers</source>
        <translation>处理器</translation>
    </message>
    <message>
        <source>Add handler…</source>
        <translation>添加处理器…</translation>
    </message>
    <message>
        <source>Add an event handler</source>
        <translation>添加事件处理器</translation>
    </message>
    <message>
        <source>Add an event handler to the informer with its own resync period and an artificial processing time per notification, to watch a slow handler&apos;s backlog and latency grow</source>
        <translation>向 informer 添加一个事件处理器，带有自己的 resync 周期和每条通知的人为处理时间，以观察慢处理器的积压与延迟增长</translation>
    </message>
</context>
<context>
    <name>lens::HistoryPanel</name>
    <message>
        <source>Key history</source>
        <translation>键历史</translation>
    </message>
    <message>
        <source>watch → queue → pop → indexer → handlers</source>
        <translation>watch → 队列 → 弹出 → indexer → 处理器</translation>
    </message>
    <message>
        <source>select a key in the queue, indexer or journal, or type one</source>
        <translation>在队列、indexer 或日志中选择一个键，或输入一个</translation>
    </message>
    <message>
        <source>deleted at t=%1 (seq %2, via tombstone: a relist found it gone)</source>
        <translation>已于 t=%1 删除（序号 %2，经由墓碑：重新 list 时发现它已不存在）</translation>
    </message>
    <message>
        <source>deleted at t=%1 (seq %2)</source>
        <translation>已于 t=%1 删除（序号 %2）</translation>
    </message>
    <message>
        <source>key…</source>
        <translation>键…</translation>
    </message>
    <message>
        <source>Key to show the history of</source>
        <translation>要显示其历史的键</translation>
    </message>
    <message>
        <source>Any key the journal has recorded, also one deleted since: type part of it, pick it and press Enter</source>
        <translation>日志记录过的任意键，包括之后已删除的：输入其中一部分，选中后按 Enter</translation>
    </message>
    <message>
        <source>dropped at the journal cap: no event of this key is retained (--journal-cap)</source>
        <translation>已在日志达到上限时丢弃：该键的事件都不在日志保留的事件中（--journal-cap）</translation>
    </message>
    <message>
        <source>no key of this informer&apos;s journal contains “%1”</source>
        <translation>此 informer 的日志中没有包含“%1”的键</translation>
    </message>
    <message numerus="yes">
        <source>%n keys contain “%1”: choose one</source>
        <translation>
            <numerusform>有 %n 个键包含“%1”：请选择一个</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lens::IndexerModel</name>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>RV</source>
        <translation>RV</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
</context>
<context>
    <name>lens::IndexerPanel</name>
    <message>
        <source>Indexer objects</source>
        <translation>Indexer 对象</translation>
    </message>
    <message>
        <source>Label selector not applied: %1</source>
        <translation>标签选择器未生效：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s)</source>
        <translation>
            <numerusform>%n 个对象</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n object(s)</source>
        <translation>
            <numerusform>%1 / %n 个对象</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexer</source>
        <translation>Indexer</translation>
    </message>
    <message>
        <source>Filter objects (name, namespace, label, phase)…</source>
        <translation>筛选对象（名称、命名空间、标签、阶段）…</translation>
    </message>
    <message>
        <source>Filter indexer objects</source>
        <translation>筛选 indexer 对象</translation>
    </message>
    <message>
        <source>Label selector, e.g. app=web,tier in (a,b)</source>
        <translation>标签选择器，例如 app=web,tier in (a,b)</translation>
    </message>
    <message>
        <source>Label selector for indexer objects</source>
        <translation>Indexer 对象的标签选择器</translation>
    </message>
    <message>
        <source>Kubernetes label selector syntax: key=value, key!=value, key in (a,b), key notin (a,b), key, !key</source>
        <translation>Kubernetes 标签选择器语法：key=value、key!=value、key in (a,b)、key notin (a,b)、key、!key</translation>
    </message>
</context>
<context>
    <name>lens::IndicesPanel</name>
    <message>
        <source>Indices</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>index → value → keys, as ByIndex() sees them</source>
        <translation>索引 → 值 → 键，即 ByIndex() 所见</translation>
    </message>
    <message>
        <source>Namespace index</source>
        <translation>命名空间索引</translation>
    </message>
</context>
<context>
    <name>lens::InformerBar</name>
    <message numerus="yes">
        <source>%1 · %2 · %n object(s) · %3</source>
        <translation>
            <numerusform>%1 · %2 · %n 个对象 · %3</numerusform>
        </translation>
    </message>
    <message>
        <source>HasSynced ✓</source>
        <translation>HasSynced ✓</translation>
    </message>
    <message>
        <source>HasSynced ✗</source>
        <translation>HasSynced ✗</translation>
    </message>
    <message>
        <source>Informers (one SharedInformerFactory):</source>
        <translation>Informer（同一个 SharedInformerFactory）：</translation>
    </message>
    <message>
        <source>Show informer %1</source>
        <translation>显示 informer %1</translation>
    </message>
    <message>
        <source>Show the queue, indexer, key history and handlers of the %1 informer (%2)</source>
        <translation>显示 %1 informer 的队列、Indexer、键历史和处理器（%2）</translation>
    </message>
    <message>
        <source>WaitForCacheSync ✓ open at %1 (%2 synced last)</source>
        <translation>WaitForCacheSync ✓ 于 %1 放行（最后同步的是 %2）</translation>
    </message>
    <message>
        <source>cache.WaitForCacheSync returned true: every informer&apos;s HasSynced is true, so a controller&apos;s workers may start. It opened when the last informer synced.</source>
        <translation>cache.WaitForCacheSync 返回 true：每个 informer 的 HasSynced 都为 true，控制器的 worker 可以启动。它在最后一个 informer 同步时放行。</translation>
    </message>
    <message>
        <source>WaitForCacheSync ✗ shut, waiting %1 for %2</source>
        <translation>WaitForCacheSync ✗ 关闭，已等待 %1，等待 %2</translation>
    </message>
    <message>
        <source>cache.WaitForCacheSync blocks until every informer&apos;s HasSynced is true; a controller&apos;s workers do not start before. It waits on the informers named.</source>
        <translation>cache.WaitForCacheSync 会阻塞，直到每个 informer 的 HasSynced 都为 true；在此之前控制器的 worker 不会启动。它正在等待所列的 informer。</translation>
    </message>
    <message>
        <source>WaitForCacheSync ✗ timed out after %1 waiting for %2</source>
        <translation>WaitForCacheSync ✗ 等待 %1 后超时，仍在等待 %2</translation>
    </message>
    <message>
        <source>WaitForCacheSync ✗ ended by the factory&apos;s Shutdown after %1</source>
        <translation>WaitForCacheSync ✗ 在 %1 后因 factory 的 Shutdown 结束</translation>
    </message>
    <message>
        <source>cache.WaitForCacheSync returned false: a controller does not start its workers.</source>
        <translation>cache.WaitForCacheSync 返回 false：控制器不会启动它的 worker。</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>lens::InspectorPanel</name>
    <message>
        <source>in indexer</source>
        <translation>在 indexer 中</translation>
    </message>
    <message>
        <source>queued, not yet in indexer</source>
        <translation>已排队，尚未进入 indexer</translation>
    </message>
    <message>
        <source>deleted; last known state</source>
        <translation>已删除；最后已知状态</translation>
    </message>
    <message>
        <source>between stages (received or popped, not stored yet)</source>
        <translation>处于阶段之间（已接收或已弹出，尚未存入）</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>select a key to inspect its object</source>
        <translation>选择一个键以检查其对象</translation>
    </message>
    <message>
        <source>%1: no object known</source>
        <translation>%1：没有已知对象</translation>
    </message>
    <message>
        <source>Object: %1</source>
        <translation>对象：%1</translation>
    </message>
    <message>
        <source>%1 · RV %2 · %3</source>
        <translation>%1 · RV %2 · %3</translation>
    </message>
    <message>
        <source> · revealed</source>
        <translation> · 已显示</translation>
    </message>
    <message>
        <source> · masked</source>
        <translation> · 已遮蔽</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Reveal this object&apos;s secret values</source>
        <translation>显示此对象的机密值</translation>
    </message>
    <message>
        <source>Show this object&apos;s Secret data and last-applied-configuration annotation. Other objects stay masked.</source>
        <translation>显示此对象的 Secret 数据和 last-applied-configuration 注解。其他对象仍保持遮蔽。</translation>
    </message>
    <message>
        <source>Object inspector</source>
        <translation>对象检查器</translation>
    </message>
</context>
<context>
    <name>lens::JournalModel</name>
    <message>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>RV</source>
        <translation>RV</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Informer</source>
        <translation>Informer</translation>
    </message>
</context>
<context>
    <name>lens::JournalPanel</name>
    <message>
        <source>Journal</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>past, at seq %1: </source>
        <translation>过去，序号 %1：</translation>
    </message>
    <message>
        <source>%1 events recorded · newest %2 shown</source>
        <translation>已记录 %1 个事件 · 显示最新 %2 个</translation>
    </message>
    <message>
        <source> · %1 oldest dropped (journal cap %2)</source>
        <translation> · 已丢弃最早的 %1 个（日志上限 %2）</translation>
    </message>
    <message>
        <source>%1 events recorded · %2 of %3 shown</source>
        <translation>已记录 %1 个事件 · 显示 %2 / %3 个</translation>
    </message>
    <message>
        <source>Search key or informer… (Ctrl+F)</source>
        <translation>搜索键或 informer…（Ctrl+F）</translation>
    </message>
    <message>
        <source>Search the journal by key or informer</source>
        <translation>按键或 informer 搜索日志</translation>
    </message>
    <message>
        <source>Shows the events whose key or informer contains this text (any case). Esc clears the filter.</source>
        <translation>显示键或 informer 包含此文本（不分大小写）的事件。Esc 清除筛选。</translation>
    </message>
    <message>
        <source>any event</source>
        <translation>任意事件</translation>
    </message>
    <message>
        <source>Filter the journal by event kind</source>
        <translation>按事件类别筛选日志</translation>
    </message>
    <message>
        <source>any handler</source>
        <translation>任意处理器</translation>
    </message>
    <message>
        <source>Filter the journal by handler</source>
        <translation>按处理器筛选日志</translation>
    </message>
    <message>
        <source>The events of one event handler: its notifications, when it was added or removed, its resync period</source>
        <translation>一个事件处理器的事件：它的通知、它被添加或移除的时刻、它的 resync 周期</translation>
    </message>
    <message>
        <source>any type</source>
        <translation>任意类型</translation>
    </message>
    <message>
        <source>Filter the journal by type</source>
        <translation>按类型筛选日志</translation>
    </message>
    <message>
        <source>The type as recorded: a watch event&apos;s ADDED, MODIFIED or DELETED, a queued Delta&apos;s Added, Updated, Deleted, Replaced or Sync, a notification&apos;s add, update or delete</source>
        <translation>按记录的类型：watch 事件的 ADDED、MODIFIED 或 DELETED，入队 Delta 的 Added、Updated、Deleted、Replaced 或 Sync，通知的 add、update 或 delete</translation>
    </message>
    <message>
        <source>any informer</source>
        <translation>任意 informer</translation>
    </message>
    <message>
        <source>Filter the journal by informer</source>
        <translation>按 informer 筛选日志</translation>
    </message>
    <message>
        <source>from (s)</source>
        <translation>起（秒）</translation>
    </message>
    <message>
        <source>Journal events from this time, in seconds</source>
        <translation>从此时刻起的日志事件（秒）</translation>
    </message>
    <message>
        <source>to (s)</source>
        <translation>止（秒）</translation>
    </message>
    <message>
        <source>Journal events up to this time, in seconds</source>
        <translation>到此时刻为止的日志事件（秒）</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Clear the journal filter</source>
        <translation>清除日志筛选</translation>
    </message>
    <message>
        <source>Show every event again (Esc)</source>
        <translation>重新显示全部事件（Esc）</translation>
    </message>
</context>
<context>
    <name>lens::JournalText</name>
    <message>
        <source>initial</source>
        <translation>初始</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>过大</translation>
    </message>
    <message>
        <source>watch error</source>
        <translation>watch 出错</translation>
    </message>
    <message>
        <source>list failed</source>
        <translation>list 失败</translation>
    </message>
    <message>
        <source>continue expired</source>
        <translation>continue 过期</translation>
    </message>
    <message>
        <source>fallback</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>resync failed</source>
        <translation>resync 失败</translation>
    </message>
    <message>
        <source>429 on watch</source>
        <translation>watch 收到 429</translation>
    </message>
    <message>
        <source>429 on watch-list</source>
        <translation>watch-list 收到 429</translation>
    </message>
    <message>
        <source>connection refused</source>
        <translation>连接被拒绝</translation>
    </message>
    <message>
        <source>closed by server</source>
        <translation>服务器关闭</translation>
    </message>
    <message>
        <source>the connection was lost: %1</source>
        <translation>连接断开：%1</translation>
    </message>
    <message>
        <source>cannot connect: connection refused (%1)</source>
        <translation>无法连接：连接被拒绝（%1）</translation>
    </message>
    <message>
        <source>cannot reach the API server: %1</source>
        <translation>无法访问 API 服务器：%1</translation>
    </message>
    <message>
        <source>the API server did not answer in time: %1</source>
        <translation>API 服务器未及时应答：%1</translation>
    </message>
    <message>
        <source>the answer was cut off: %1</source>
        <translation>应答被截断：%1</translation>
    </message>
    <message>
        <source>the answer could not be read: %1</source>
        <translation>无法读取应答：%1</translation>
    </message>
    <message>
        <source>very short watch: %1 ms and no items received</source>
        <translation>watch 过短：%1 ms，未收到任何项</translation>
    </message>
    <message>
        <source>failed to list %1: %2</source>
        <translation>list %1 失败：%2</translation>
    </message>
    <message>
        <source>watch expired</source>
        <translation>watch 过期</translation>
    </message>
    <message>
        <source>stream broken</source>
        <translation>流中断</translation>
    </message>
    <message>
        <source>ended before the initial-events-end bookmark</source>
        <translation>在初始事件结束书签之前结束</translation>
    </message>
    <message>
        <source>bookmark timeout</source>
        <translation>书签超时</translation>
    </message>
    <message>
        <source>very short watch</source>
        <translation>watch 过短</translation>
    </message>
    <message>
        <source>ERROR event</source>
        <translation>ERROR 事件</translation>
    </message>
    <message>
        <source>request failed</source>
        <translation>请求失败</translation>
    </message>
    <message>
        <source>set by the user</source>
        <translation>由用户设置</translation>
    </message>
    <message>
        <source>resyncCheckPeriod</source>
        <translation>resyncCheckPeriod</translation>
    </message>
    <message>
        <source>failed to %1 %2: %3</source>
        <translation>%1 %2 失败：%3</translation>
    </message>
    <message>
        <source>the initial-events-end bookmark did not arrive within %1 ms</source>
        <translation>初始事件结束书签未在 %1 ms 内到达</translation>
    </message>
    <message>
        <source>watch-list ERROR event: %1</source>
        <translation>watch-list ERROR 事件：%1</translation>
    </message>
    <message>
        <source>watch-list request failed: %1</source>
        <translation>watch-list 请求失败：%1</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新加入</translation>
    </message>
    <message>
        <source>the earlier time wins</source>
        <translation>较早的时间胜出</translation>
    </message>
    <message>
        <source>an earlier time was kept</source>
        <translation>保留了更早的时间</translation>
    </message>
    <message>
        <source>at once</source>
        <translation>立即</translation>
    </message>
    <message>
        <source>%1 not added to %2: the queue is shutting down%3</source>
        <translation>%1 未被添加到 %2：队列正在关闭%3</translation>
    </message>
    <message>
        <source>%1 added to %2 again while processing: already dirty, nothing changed%3</source>
        <translation>%1 在处理中再次被添加到 %2：已经是 dirty，没有变化%3</translation>
    </message>
    <message>
        <source>%1 added to %2 again: already queued, the adds collapse%3</source>
        <translation>%1 再次被添加到 %2：已在队列中，多次添加合并为一次%3</translation>
    </message>
    <message>
        <source>%1 added to %2 while a worker holds it: dirty, queued again at Done%3, depth %4</source>
        <translation>%1 在 worker 持有期间被添加到 %2：标记为 dirty，在 Done 时重新入队%3，深度 %4</translation>
    </message>
    <message>
        <source>%1 added to %2%3, depth %4</source>
        <translation>%1 已添加到 %2%3，深度 %4</translation>
    </message>
    <message>
        <source>%1: %2 is shut down and empty, the worker ends</source>
        <translation>%1：%2 已关闭且为空，worker 结束</translation>
    </message>
    <message>
        <source>%1 got %2 from %3 after %4 ms in the queue</source>
        <translation>%1 从 %3 取得 %2，它在队列中等待了 %4 ms</translation>
    </message>
    <message>
        <source>%1 done with %2 from %3 after %4 ms; it was added meanwhile, so it is queued again</source>
        <translation>%1 处理完 %3 中的 %2，用时 %4 ms；其间它又被添加，所以重新入队</translation>
    </message>
    <message>
        <source>%1 done with %2 from %3 after %4 ms</source>
        <translation>%1 处理完 %3 中的 %2，用时 %4 ms</translation>
    </message>
    <message>
        <source>%1 not re-queued in %2: the queue is shutting down%3</source>
        <translation>%1 未在 %2 中重新入队：队列正在关闭%3</translation>
    </message>
    <message>
        <source>, chosen by %1 (failure %2)</source>
        <translation>，由 %1 选定（第 %2 次失败）</translation>
    </message>
    <message>
        <source>%1 added to %2 at once (delay %3 ms)%4%5</source>
        <translation>%1 立即被添加到 %2（延迟 %3 ms）%4%5</translation>
    </message>
    <message>
        <source>%1 already waits in %2 until %3 ms, earlier than this delay of %4 ms: kept%5%6</source>
        <translation>%1 已在 %2 中等待到 %3 ms，早于这次 %4 ms 的延迟：保留原时间%5%6</translation>
    </message>
    <message>
        <source>%1 waits in %2 for %3 ms now, until %4 ms (earlier than it waited for)%5%6</source>
        <translation>%1 现在在 %2 中等待 %3 ms，直到 %4 ms（比原来等待的更早）%5%6</translation>
    </message>
    <message>
        <source>%1 waits %2 ms before it is added to %3, until %4 ms%5%6</source>
        <translation>%1 等待 %2 ms 后被添加到 %3，直到 %4 ms%5%6</translation>
    </message>
    <message>
        <source>%1&apos;s wait in %2 is over (ready at %3 ms, %4 ms late)</source>
        <translation>%1 在 %2 中的等待结束（就绪于 %3 ms，晚了 %4 ms）</translation>
    </message>
    <message numerus="yes">
        <source>%1 forgets %2&apos;s %n failure(s)</source>
        <translation>
            <numerusform>%1 忘记 %2 的 %n 次失败</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 shuts down and drains: %2 queued, %3 processing, %4 waiting item(s) dropped</source>
        <translation>%1 关闭并排空：%2 个排队，%3 个处理中，丢弃 %4 个等待中的项</translation>
    </message>
    <message>
        <source>%1 shuts down: %2 queued, %3 processing, %4 waiting item(s) dropped</source>
        <translation>%1 关闭：%2 个排队，%3 个处理中，丢弃 %4 个等待中的项</translation>
    </message>
    <message>
        <source>%1 stopped waiting on %2; %3, already taken for it, goes back</source>
        <translation>%1 不再等待 %2；已为它取出的 %3 被放回队列</translation>
    </message>
    <message>
        <source>%1 stopped waiting on %2</source>
        <translation>%1 不再等待 %2</translation>
    </message>
    <message>
        <source>volume provisioned</source>
        <translation>卷已供应</translation>
    </message>
    <message>
        <source>nothing to provision</source>
        <translation>无需供应</translation>
    </message>
    <message>
        <source>provisioning stopped</source>
        <translation>供应已停止</translation>
    </message>
    <message>
        <source>object no longer exists</source>
        <translation>对象已不存在</translation>
    </message>
    <message>
        <source>volume deleted</source>
        <translation>卷已删除</translation>
    </message>
    <message>
        <source>nothing to delete</source>
        <translation>无需删除</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>forgotten</source>
        <translation>已 Forget</translation>
    </message>
    <message>
        <source>re-queued, rate limited</source>
        <translation>已限速重新入队</translation>
    </message>
    <message>
        <source>gave up</source>
        <translation>已放弃</translation>
    </message>
    <message>
        <source>fell behind the stream</source>
        <translation>跟不上数据流</translation>
    </message>
    <message>
        <source>fell behind the initial events: %1</source>
        <translation>跟不上初始事件：%1</translation>
    </message>
    <message>
        <source>priority raised</source>
        <translation>优先级提高</translation>
    </message>
    <message>
        <source>merged: ready wins</source>
        <translation>已合并：就绪胜出</translation>
    </message>
    <message>
        <source>merged: nothing changed</source>
        <translation>已合并：没有变化</translation>
    </message>
    <message>
        <source>create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>generic</source>
        <translation>通用</translation>
    </message>
    <message>
        <source>initial list</source>
        <translation>初始列表</translation>
    </message>
    <message>
        <source>unchanged resourceVersion</source>
        <translation>resourceVersion 未变</translation>
    </message>
    <message>
        <source>success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>requeue</source>
        <translation>重新入队</translation>
    </message>
    <message>
        <source>requeue after</source>
        <translation>延后重新入队</translation>
    </message>
    <message>
        <source>sources started</source>
        <translation>源已启动</translation>
    </message>
    <message>
        <source>workers started</source>
        <translation>worker 已启动</translation>
    </message>
    <message>
        <source>%1 not added to %2: the queue is shut down%3</source>
        <translation>%1 未加入 %2：队列已关闭%3</translation>
    </message>
    <message>
        <source>%1 waits in %2 for %3 ms at priority %4 (%5)%6</source>
        <translation>%1 在 %2 中以优先级 %4 等待 %3 毫秒（%5）%6</translation>
    </message>
    <message>
        <source>%1 ready in %2 at priority %3 (%4)%5, depth %6</source>
        <translation>%1 在 %2 中以优先级 %3 就绪（%4）%5，深度 %6</translation>
    </message>
    <message>
        <source>%1&apos;s wait in %2 is over: ready at priority %3 (%4 ms late)</source>
        <translation>%1 在 %2 中的等待结束：以优先级 %3 就绪（晚了 %4 毫秒）</translation>
    </message>
    <message>
        <source>%1: %2 is shut down, the worker ends</source>
        <translation>%1：%2 已关闭，worker 结束</translation>
    </message>
    <message>
        <source>%1 got %2 (priority %3) from %4 after %5 ms ready</source>
        <translation>%1 从 %4 取得 %2（优先级 %3），它已就绪 %5 毫秒</translation>
    </message>
    <message>
        <source>%1 done with %2 from %3 after %4 ms; it was added meanwhile and is eligible now</source>
        <translation>%1 处理完 %3 的 %2，用时 %4 毫秒；其间它又被添加，现在可以被交出</translation>
    </message>
    <message>
        <source>%1 shuts down: %2 queued item(s) abandoned, %3 processing</source>
        <translation>%1 关闭：放弃 %2 个已排队的条目，%3 个正在处理</translation>
    </message>
    <message>
        <source>priority %1</source>
        <translation>优先级 %1</translation>
    </message>
    <message>
        <source>priority unset</source>
        <translation>未设置优先级</translation>
    </message>
    <message>
        <source>%1: %2 %3 → %4 queued at %5</source>
        <translation>%1：%2 %3 → %4 以%5入队</translation>
    </message>
    <message>
        <source>%1: %2 %3 → %4 queued at %5 (%6)</source>
        <translation>%1：%2 %3 → %4 以%5入队（%6）</translation>
    </message>
    <message>
        <source>%1: %2 dropped the %3 of %4</source>
        <translation>%1：%2 丢弃了 %4 的%3事件</translation>
    </message>
    <message>
        <source>%1 failed to start: %2</source>
        <translation>%1 启动失败：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 reconciles %2 (priority %3)</source>
        <translation>%1 协调 %2（优先级 %3）</translation>
    </message>
    <message>
        <source>reconcile of %1 by %2: %3 after %4 ms</source>
        <translation>%2 对 %1 的协调：%3，用时 %4 毫秒</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>reconcile of %1 by %2 panicked after %3 ms, not recovered (RecoverPanic false): %4; no requeue, the worker ended</source>
        <translation>%2 对 %1 的协调在 %3 毫秒后发生 panic，未恢复（RecoverPanic 为 false）：%4；不重新入队，该 worker 结束</translation>
    </message>
    <message>
        <source>reconcile of %1 by %2 ended after %3 ms without a result</source>
        <translation>%2 对 %1 的协调在 %3 毫秒后结束，没有结果</translation>
    </message>
    <message>
        <source>controller stopped</source>
        <translation>控制器已停止</translation>
    </message>
    <message>
        <source>Prometheus text</source>
        <translation>Prometheus 文本</translation>
    </message>
    <message>
        <source>OpenMetrics</source>
        <translation>OpenMetrics</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>无法连接</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>HTTP error</source>
        <translation>HTTP 错误</translation>
    </message>
    <message>
        <source>not a metrics body</source>
        <translation>不是指标内容</translation>
    </message>
    <message>
        <source>scrape of %1 failed (%2): %3</source>
        <translation>抓取 %1 失败（%2）：%3</translation>
    </message>
    <message>
        <source>scraped %1: %2 families, %3 samples, %4 bytes of %5 in %6 ms</source>
        <translation>已抓取 %1：%2 个指标族，%3 个样本，%4 字节 %5，用时 %6 ms</translation>
    </message>
</context>
<context>
    <name>lens::JournalTime</name>
    <message>
        <source>t = %1 ms = %2 s after the journal&apos;s clock started</source>
        <translation>t = %1 毫秒 = %2 秒（自日志时钟启动起）</translation>
    </message>
    <message>
        <source>wall clock: %1</source>
        <translation>挂钟时间：%1</translation>
    </message>
</context>
<context>
    <name>lens::KeyHistoryModel</name>
    <message>
        <source>no field changed</source>
        <translation>没有字段变化</translation>
    </message>
    <message>
        <source>%1 · queue depth %2</source>
        <translation>%1 · 队列深度 %2</translation>
    </message>
    <message numerus="yes">
        <source>popped %n delta(s)</source>
        <translation>
            <numerusform>弹出 %n 个 Delta</numerusform>
        </translation>
    </message>
    <message>
        <source> · in initial list</source>
        <translation> · 属于初始列表</translation>
    </message>
    <message>
        <source> · depth %1</source>
        <translation> · 深度 %1</translation>
    </message>
    <message>
        <source>removed via tombstone (last state as the relist saw it)</source>
        <translation>经由墓碑移除（重新 list 所见的最后状态）</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已移除</translation>
    </message>
    <message>
        <source>backlog %1</source>
        <translation>积压 %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>in initial list</source>
        <translation>属于初始列表</translation>
    </message>
    <message>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Type / Deltas</source>
        <translation>类型 / Deltas</translation>
    </message>
    <message>
        <source>RV</source>
        <translation>RV</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>key %1: %2</source>
        <translation>键 %1：%2</translation>
    </message>
    <message>
        <source>provisioner</source>
        <translation>provisioner</translation>
    </message>
    <message>
        <source>%1 queue</source>
        <translation>%1 队列</translation>
    </message>
    <message>
        <source>Whose row it is: the selected key&apos;s own rows name its informer&apos;s resource; a controller&apos;s loop adds rows of its queue, the provisioner, its API requests and the objects its writes created (e.g. a claim&apos;s PV)</source>
        <translation>这一行属于谁：所选键自己的行显示其 informer 的资源；控制器的循环会加入其队列、provisioner、其 API 请求以及其写入所创建的对象（例如 claim 的 PV）的行</translation>
    </message>
    <message>
        <source>Resource</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>%1 controller</source>
        <translation>%1 控制器</translation>
    </message>
</context>
<context>
    <name>lens::KeyboardNavigation</name>
    <message>
        <source>&amp;Queue</source>
        <translation>队列(&amp;Q)</translation>
    </message>
    <message>
        <source>Key &amp;history</source>
        <translation>键历史(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Explain</source>
        <translation>解释(&amp;E)</translation>
    </message>
    <message>
        <source>In&amp;dexer</source>
        <translation>Indexer(&amp;D)</translation>
    </message>
    <message>
        <source>I&amp;ndices</source>
        <translation>索引(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Object</source>
        <translation>对象(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Journal</source>
        <translation>日志(&amp;J)</translation>
    </message>
    <message>
        <source>H&amp;andlers</source>
        <translation>处理器(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Playground</source>
        <translation>演练场(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>时间线(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Simulator</source>
        <translation>模拟器(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Filter the indexer</source>
        <translation>筛选 Indexer(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Label selector</source>
        <translation>标签选择器(&amp;L)</translation>
    </message>
    <message>
        <source>Select all rows</source>
        <translation>选择所有行</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Return to Live</source>
        <translation>回到实时(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>键盘快捷键(&amp;K)…</translation>
    </message>
    <message>
        <source>Indices and object tabs</source>
        <translation>索引与对象标签页</translation>
    </message>
    <message>
        <source>Journal, handlers, playground and simulator tabs</source>
        <translation>日志、处理器、演练场与模拟器标签页</translation>
    </message>
    <message>
        <source>Run the Pop pump</source>
        <translation>运行 Pop 泵</translation>
    </message>
    <message>
        <source>Pause the Pop pump (deltas pile up)</source>
        <translation>暂停 Pop 泵（delta 会堆积）</translation>
    </message>
    <message>
        <source>Step: pop exactly one key</source>
        <translation>单步：恰好弹出一个键</translation>
    </message>
    <message>
        <source>Pause or resume the scenario</source>
        <translation>暂停或继续场景</translation>
    </message>
    <message>
        <source>Go to: %1</source>
        <translation>转到：%1</translation>
    </message>
    <message>
        <source>Return from time travel to Live</source>
        <translation>从时间回溯回到实时</translation>
    </message>
    <message>
        <source>This list of shortcuts</source>
        <translation>本快捷键列表</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>Next / previous pane</source>
        <translation>下一个 / 上一个窗格</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>上 / 下</translation>
    </message>
    <message>
        <source>In a table: select the next / previous row (as a click does: history, Explain and inspector follow)</source>
        <translation>在表格中：选择下一行 / 上一行（与点击相同：键历史、解释和检查器随之更新）</translation>
    </message>
    <message>
        <source>Alt+letter</source>
        <translation>Alt+字母</translation>
    </message>
    <message>
        <source>Open a menu by its underlined letter</source>
        <translation>按下划线字母打开菜单</translation>
    </message>
    <message>
        <source>Timeline: Left / Right</source>
        <translation>时间线：左 / 右</translation>
    </message>
    <message>
        <source>Select the previous / next marker; the views travel to it and Explain says what it is</source>
        <translation>选择上一个 / 下一个标记；各视图回溯到该时刻，解释窗格说明它是什么</translation>
    </message>
    <message>
        <source>Timeline: Ctrl+Left / Ctrl+Right</source>
        <translation>时间线：Ctrl+左 / Ctrl+右</translation>
    </message>
    <message>
        <source>Previous / next marker that is not a watch event (410, error, backoff, resync, bookmark, HasSynced)</source>
        <translation>上一个 / 下一个非 watch 事件的标记（410、错误、退避、resync、bookmark、HasSynced）</translation>
    </message>
    <message>
        <source>Timeline: Shift+Left / Shift+Right</source>
        <translation>时间线：Shift+左 / Shift+右</translation>
    </message>
    <message>
        <source>Travel back / forward by one step of the time axis</source>
        <translation>沿时间轴后退 / 前进一格</translation>
    </message>
    <message>
        <source>Timeline: Home / End</source>
        <translation>时间线：Home / End</translation>
    </message>
    <message>
        <source>First / last marker</source>
        <translation>第一个 / 最后一个标记</translation>
    </message>
    <message>
        <source>Timeline: + / −</source>
        <translation>时间线：+ / −</translation>
    </message>
    <message>
        <source>Zoom in / out</source>
        <translation>放大 / 缩小</translation>
    </message>
    <message>
        <source>Timeline: Enter</source>
        <translation>时间线：Enter</translation>
    </message>
    <message>
        <source>Select the key of the selected marker</source>
        <translation>选中所选标记对应的键</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>作用</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Timeline: Up / Down, Space</source>
        <translation>时间线：Up / Down、Space</translation>
    </message>
    <message>
        <source>With several informers: select an informer&apos;s header; fold or unfold its lanes</source>
        <translation>有多个 informer 时：选择某个 informer 的标题行；折叠或展开它的泳道</translation>
    </message>
    <message>
        <source>Timeline: F</source>
        <translation>时间线：F</translation>
    </message>
    <message>
        <source>Follow the present again after the pointer made the view hold still</source>
        <translation>指针让视图停住后，重新跟随当前时间</translation>
    </message>
    <message>
        <source>Lesson mode on or off: the scenario one step at a time</source>
        <translation>课程模式开关：一次一步地走完场景</translation>
    </message>
    <message>
        <source>Lesson: Next (forward to the next step&apos;s moment, or play the next step)</source>
        <translation>课程：下一步（前进到下一步的时刻，或播放下一步）</translation>
    </message>
    <message>
        <source>Lesson: Back to the previous step&apos;s moment</source>
        <translation>课程：后退到上一步的时刻</translation>
    </message>
    <message>
        <source>&amp;Search the journal</source>
        <translation>搜索日志(&amp;S)</translation>
    </message>
    <message>
        <source>Timeline: PageUp / PageDown</source>
        <translation>时间线：PageUp / PageDown</translation>
    </message>
    <message>
        <source>Scroll the lanes when they do not all fit</source>
        <translation>泳道放不下时滚动泳道</translation>
    </message>
</context>
<context>
    <name>lens::LessonPanel</name>
    <message>
        <source>Lesson mode is off: the scenario plays at its speed. Turn it on to go through the scenario one step at a time.</source>
        <translation>课程模式已关闭：场景按其速度播放。打开它即可一次一步地走完场景。</translation>
    </message>
    <message>
        <source>Before the first step. Next plays step 1 of %1.</source>
        <translation>在第一步之前。“下一步”播放第 1 步（共 %1 步）。</translation>
    </message>
    <message>
        <source>Steps %1–%2 of %3</source>
        <translation>第 %1–%2 步（共 %3 步）</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步（共 %2 步）</translation>
    </message>
    <message>
        <source>an earlier moment: Next goes forward</source>
        <translation>较早的时刻：“下一步”向前走</translation>
    </message>
    <message>
        <source>the scenario has played every step</source>
        <translation>场景已播放完所有步骤</translation>
    </message>
    <message>
        <source>lesson mode is off: the scenario plays on</source>
        <translation>课程模式已关闭：场景继续播放</translation>
    </message>
    <message numerus="yes">
        <source>%n caption(s)</source>
        <translation>
            <numerusform>%n 条说明</numerusform>
        </translation>
    </message>
    <message>
        <source>Step %1 · %2</source>
        <translation>第 %1 步 · %2</translation>
    </message>
    <message>
        <source>%1
Key: %2</source>
        <translation>%1
键：%2</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Caption history: click a caption to go back to its step</source>
        <translation>说明历史：点击一条说明即回到它的那一步</translation>
    </message>
    <message>
        <source>Where the lesson stands</source>
        <translation>课程进行到哪里</translation>
    </message>
</context>
<context>
    <name>lens::MainWindow</name>
    <message>
        <source>Reflector status</source>
        <translation>Reflector 状态</translation>
    </message>
    <message>
        <source>Informer Lens</source>
        <translation>Informer Lens</translation>
    </message>
    <message>
        <source>Informer Lens — %1</source>
        <translation>Informer Lens — %1</translation>
    </message>
    <message>
        <source>Pump</source>
        <translation>泵</translation>
    </message>
    <message>
        <source>▶  Run</source>
        <translation>▶  运行</translation>
    </message>
    <message>
        <source>Run the controller&apos;s Pop pump: every queued key is popped and handled (F5)</source>
        <translation>运行控制器的 Pop 泵：每个排队的键都会被弹出并处理（F5）</translation>
    </message>
    <message>
        <source>Pop exactly one key from the head of the queue (F10)</source>
        <translation>从队首恰好弹出一个键（F10）</translation>
    </message>
    <message>
        <source>Deltas:</source>
        <translation>Delta：</translation>
    </message>
    <message>
        <source>Delta colour legend</source>
        <translation>Delta 颜色图例</translation>
    </message>
    <message>
        <source>Key history</source>
        <translation>键历史</translation>
    </message>
    <message>
        <source>Key history: %1</source>
        <translation>键历史：%1</translation>
    </message>
    <message>
        <source>Indexer</source>
        <translation>Indexer</translation>
    </message>
    <message>
        <source>Indices</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Handlers</source>
        <translation>处理器</translation>
    </message>
    <message>
        <source> · queue %1</source>
        <translation> · 队列 %1</translation>
    </message>
    <message numerus="yes">
        <source> · %n relist(s)</source>
        <translation>
            <numerusform> · 重新 list %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>last error: %1</source>
        <translation>最近错误：%1</translation>
    </message>
    <message>
        <source>past, at seq %1: </source>
        <translation>过去，序号 %1：</translation>
    </message>
    <message>
        <source>pump: not connected</source>
        <translation>泵：未连接</translation>
    </message>
    <message>
        <source>pump: running</source>
        <translation>泵：运行中</translation>
    </message>
    <message>
        <source>pump: paused</source>
        <translation>泵：已暂停</translation>
    </message>
    <message>
        <source>✝ = DeletedFinalStateUnknown tombstone</source>
        <translation>✝ = DeletedFinalStateUnknown 墓碑</translation>
    </message>
    <message>
        <source>‖  Pause</source>
        <translation>‖  暂停</translation>
    </message>
    <message>
        <source>⇥  Step</source>
        <translation>⇥  单步</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
    <message>
        <source>Playground</source>
        <translation>演练场</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Export &amp;view as PNG or SVG</source>
        <translation>将视图导出为 PNG 或 SVG(&amp;V)</translation>
    </message>
    <message>
        <source>Export &amp;timeline as CSV or JSON…</source>
        <translation>将时间线导出为 CSV 或 JSON(&amp;T)…</translation>
    </message>
    <message>
        <source>Export &amp;key history as CSV or JSON…</source>
        <translation>将键历史导出为 CSV 或 JSON(&amp;K)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>no view named %1 (try: %2)</source>
        <translation>没有名为 %1 的视图（可用：%2）</translation>
    </message>
    <message>
        <source>%1: export as .csv or .json</source>
        <translation>%1：请导出为 .csv 或 .json</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 图形 (*.svg)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export timeline</source>
        <translation>导出时间线</translation>
    </message>
    <message>
        <source>Export key history</source>
        <translation>导出键历史</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>backing off</source>
        <translation>正在退避</translation>
    </message>
    <message>
        <source>backing off after: %1</source>
        <translation>退避原因：%1</translation>
    </message>
    <message>
        <source>Whole window</source>
        <translation>整个窗口</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>Queue (DeltaFIFO / RealFIFO)</source>
        <translation>队列（DeltaFIFO / RealFIFO）</translation>
    </message>
    <message>
        <source>Simulator</source>
        <translation>模拟器</translation>
    </message>
    <message>
        <source>Recorded from %1</source>
        <translation>录制自 %1</translation>
    </message>
    <message>
        <source>Informers and WaitForCacheSync</source>
        <translation>Informer 与 WaitForCacheSync</translation>
    </message>
    <message>
        <source>&amp;Desktop colours</source>
        <translation>桌面配色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>D&amp;ark</source>
        <translation>深色(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Lesson: Pop of %1 stays paused, as the scenario paused it. Next (F8) plays the next step.</source>
        <translation>课程：%1 的 Pop 保持暂停，因为场景暂停了它。“下一步”（F8）播放下一步。</translation>
    </message>
    <message>
        <source>Lesson: Next (F8) plays the next step.</source>
        <translation>课程：“下一步”（F8）播放下一步。</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Less&amp;on</source>
        <translation>课程(&amp;O)</translation>
    </message>
    <message>
        <source>Lesson mode</source>
        <translation>课程模式</translation>
    </message>
    <message>
        <source>Go through the scenario one step at a time, the Pop pump paused after each step (Ctrl+Shift+L)</source>
        <translation>一次一步地走完场景，每步之后暂停 Pop 泵（Ctrl+Shift+L）</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 后退</translation>
    </message>
    <message>
        <source>Back to the previous step&apos;s moment: every view travels there (Shift+F8)</source>
        <translation>后退到上一步的时刻：所有视图都回到那里（Shift+F8）</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Forward to the next step&apos;s moment; at the present, play the next step (F8)</source>
        <translation>前进到下一步的时刻；在当前时刻则播放下一步（F8）</translation>
    </message>
    <message>
        <source>Workqueue</source>
        <translation>工作队列</translation>
    </message>
    <message numerus="yes">
        <source>controller: %n worker(s) waiting for the caches to sync</source>
        <translation>
            <numerusform>控制器：%n 个 worker 正在等待缓存同步</numerusform>
        </translation>
    </message>
    <message>
        <source>workers: %1 busy, %2 idle</source>
        <translation>worker：%1 个忙，%2 个空闲</translation>
    </message>
    <message numerus="yes">
        <source> · %n claim(s) provisioned</source>
        <translation>
            <numerusform> · 已供应 %n 个 claim</numerusform>
        </translation>
    </message>
    <message>
        <source>From the journal: keys held by a worker now (workqueueGet → Done) and the claims whose last sync provisioned a volume</source>
        <translation>来自日志：此刻被 worker 持有的键（workqueueGet → Done），以及同步时供应了卷的 claim</translation>
    </message>
    <message>
        <source>backing off, %1</source>
        <translation>正在退避，%1</translation>
    </message>
    <message>
        <source>backing off, %1, after: %2</source>
        <translation>正在退避，%1，原因：%2</translation>
    </message>
    <message>
        <source>Pause the pump: deltas pile up in the DeltaFIFO, each key&apos;s in order, where you can watch them (F6)</source>
        <translation>暂停 pump：delta 在 DeltaFIFO 中堆积，每个键的 delta 保持顺序，你可以在那里观察它们（F6）</translation>
    </message>
    <message>
        <source>Lesson: Pop of %1 is paused for the lesson; nothing is queued now. Next (F8) lets Pop run on and plays the next step.</source>
        <translation>课程：%1 的 Pop 为课程而暂停；现在队列中没有任何内容。“下一步”（F8）让 Pop 继续运行并播放下一步。</translation>
    </message>
    <message>
        <source>Lesson: Pop of %1 is paused for the lesson, so what is queued stays in the queue (%2: %3). Next (F8) lets Pop run on and plays the next step.</source>
        <translation>课程：%1 的 Pop 为课程而暂停，所以排队的内容留在队列中（%2：%3）。“下一步”（F8）让 Pop 继续运行并播放下一步。</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s)</source>
        <translation>
            <numerusform>%n 个键</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n failed list attempt(s)</source>
        <translation>
            <numerusform> · %n 次 list 尝试失败</numerusform>
        </translation>
    </message>
    <message>
        <source>Priority queue</source>
        <translation>优先级队列</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
</context>
<context>
    <name>lens::MemoryStatus</name>
    <message>
        <source>Memory per view</source>
        <translation>各视图内存</translation>
    </message>
    <message>
        <source>Memory: journal %1 · indexer %2 · history %3</source>
        <translation>内存：日志 %1 · Indexer %2 · 键历史 %3</translation>
    </message>
    <message>
        <source>Memory per view, estimated from the structures&apos; sizes. Each object version is counted once: to the indexer while an informer&apos;s cache stores it, else to the journal.</source>
        <translation>各视图内存，按各部分的大小计算（不是分配器给出的数字）。每个对象版本只计一次：informer 的缓存存着它时计入 Indexer，否则计入日志。</translation>
    </message>
    <message>
        <source>Journal: %1 events retained (at most %2): %3 for the events, their details and the journal list&apos;s rows; %4 for %5 object versions only the journal keeps (older versions, deleted objects, versions still queued).</source>
        <translation>日志：保留 %1 个事件（最多 %2 个）：事件、其详情和日志列表的行用了 %3；只有日志还留着的 %5 个对象版本用了 %4（旧版本、已删除的对象、仍在队列中的版本）。</translation>
    </message>
    <message>
        <source>Indexer: %1 objects in the informers&apos; caches: %2 for the objects, %3 for the keys, the indices and the Indexer view&apos;s rows.</source>
        <translation>Indexer：informer 的缓存中有 %1 个对象：对象用了 %2，键、索引和 Indexer 视图的行用了 %3。</translation>
    </message>
    <message>
        <source>Packed since the informers started: %1 objects, %2 of JSON kept in %3 (%4 % saved), each informer&apos;s with a zstd dictionary trained on its first objects; --no-pack-objects keeps them as received.</source>
        <translation>自 informer 启动以来已压缩：%1 个对象，%2 的 JSON 以 %3 保存（节省 %4 %），每个 informer 用以其最初对象训练的 zstd 字典；--no-pack-objects 则按收到的原样保存。</translation>
    </message>
    <message>
        <source>Indexer: %1 rows in the Indexer view, %2; no informer runs here, so their objects are counted with the journal that carries them.</source>
        <translation>Indexer：Indexer 视图中有 %1 行，用了 %2；这里没有运行 informer，所以这些对象计入携带它们的日志。</translation>
    </message>
    <message>
        <source>History: %1 rows in the key history, %2.</source>
        <translation>键历史：%1 行，用了 %2。</translation>
    </message>
    <message>
        <source>Heap (%1): %2 in use, %3 more held by the allocator.</source>
        <translation>堆（%1）：已用 %2，分配器还留着 %3。</translation>
    </message>
</context>
<context>
    <name>lens::MetricsModel</name>
    <message>
        <source>over the largest bucket</source>
        <translation>超出最大的桶</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>≤ %1</source>
        <translation>≤ %1</translation>
    </message>
    <message>
        <source>p50 %1 · p99 %2</source>
        <translation>p50 %1 · p99 %2</translation>
    </message>
    <message>
        <source>%1 · last scrape %2 ago: HTTP %3 in %4 ms · %5 scrapes, %6 failed</source>
        <translation>%1 · 上次抓取于 %2 前：HTTP %3，用时 %4 ms · 共 %5 次抓取，%6 次失败</translation>
    </message>
    <message>
        <source>showing the last good scrape, %1 ago</source>
        <translation>显示上一次成功抓取的数值（%1 前）</translation>
    </message>
    <message>
        <source>no good scrape yet</source>
        <translation>尚无成功的抓取</translation>
    </message>
    <message>
        <source>%1 · last scrape %2 ago failed (%3): %4 · %5</source>
        <translation>%1 · 上次抓取于 %2 前失败（%3）：%4 · %5</translation>
    </message>
    <message>
        <source>depth of workqueue %1</source>
        <translation>工作队列 %1 的深度</translation>
    </message>
    <message>
        <source>depth of workqueue %1 at priority %2</source>
        <translation>工作队列 %1 在优先级 %2 的深度</translation>
    </message>
    <message>
        <source>adds per second, workqueue %1</source>
        <translation>每秒添加数，工作队列 %1</translation>
    </message>
    <message>
        <source>retries per second, workqueue %1</source>
        <translation>每秒重试数，工作队列 %1</translation>
    </message>
    <message>
        <source>median queue time (s) between scrapes, workqueue %1</source>
        <translation>两次抓取之间排队时间的中位数（秒），工作队列 %1</translation>
    </message>
    <message>
        <source>median work time (s) between scrapes, workqueue %1</source>
        <translation>两次抓取之间处理时间的中位数（秒），工作队列 %1</translation>
    </message>
    <message>
        <source>unfinished work (s), workqueue %1</source>
        <translation>未完成工作（秒），工作队列 %1</translation>
    </message>
    <message>
        <source>longest running processor (s), workqueue %1</source>
        <translation>运行最久的处理者（秒），工作队列 %1</translation>
    </message>
    <message>
        <source>reconciles per second, controller %1</source>
        <translation>每秒 Reconcile 次数，控制器 %1</translation>
    </message>
    <message>
        <source>reconciles per second with result %2, controller %1</source>
        <translation>结果为 %2 的每秒 Reconcile 次数，控制器 %1</translation>
    </message>
    <message>
        <source>reconcile errors per second, controller %1</source>
        <translation>每秒 Reconcile 错误数，控制器 %1</translation>
    </message>
    <message>
        <source>active workers, controller %1</source>
        <translation>活跃 worker 数，控制器 %1</translation>
    </message>
    <message>
        <source>median reconcile time (s) between scrapes, controller %1</source>
        <translation>两次抓取之间 Reconcile 用时的中位数（秒），控制器 %1</translation>
    </message>
    <message>
        <source>API requests per second answered %1</source>
        <translation>每秒以 %1 应答的 API 请求数</translation>
    </message>
    <message>
        <source>What this process&apos;s journal recorded of the same figure when the scrape was journaled (its own workqueue and reconcile events).</source>
        <translation>抓取被记入日志时，本进程的日志对同一数值的记录（它自己的工作队列和 Reconcile 事件）。</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Scraped</source>
        <translation>抓取值</translation>
    </message>
    <message>
        <source>Per second</source>
        <translation>每秒</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>workqueue %1</source>
        <translation>工作队列 %1</translation>
    </message>
    <message>
        <source>workqueue %1 (controller %2)</source>
        <translation>工作队列 %1（控制器 %2）</translation>
    </message>
    <message>
        <source>The seven workqueue_* families with label name=&quot;%1&quot;: client-go&apos;s util/workqueue metrics (defaultQueueMetrics), or controller-runtime&apos;s priority queue hooks.</source>
        <translation>带标签 name=&quot;%1&quot; 的七个 workqueue_* 指标族：client-go 的 util/workqueue 指标（defaultQueueMetrics），或 controller-runtime 优先级队列的钩子。</translation>
    </message>
    <message>
        <source>depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <source>workqueue_depth: items added and not yet handed out. client-go: defaultQueueMetrics.add (+1 on an Add of an item not already dirty) and get (−1 on Get). controller-runtime&apos;s priority queue counts ready entries by priority. A depth that stays up while adds go on means the workers do not keep up, or are stuck.</source>
        <translation>workqueue_depth：已添加但尚未交出的条目。client-go：defaultQueueMetrics.add（Add 一个尚未 dirty 的条目时 +1）和 get（Get 时 −1）。controller-runtime 的优先级队列按优先级统计就绪条目。添加不断而深度居高不下，说明 worker 跟不上，或者卡住了。</translation>
    </message>
    <message>
        <source>priority %1</source>
        <translation>优先级 %1</translation>
    </message>
    <message>
        <source>workqueue_depth{priority=&quot;%1&quot;}: ready entries at this priority (controller-runtime v0.21+). The priority queue hands out higher priorities first: entries at the lowest priority wait while higher ones stay ready (starvation, §6.1).</source>
        <translation>workqueue_depth{priority=&quot;%1&quot;}：此优先级上的就绪条目（controller-runtime v0.21+）。优先级队列先交出高优先级：只要高优先级一直有就绪条目，最低优先级的条目就一直等待（饥饿，§6.1）。</translation>
    </message>
    <message>
        <source>waits behind %1 ready at higher priorities</source>
        <translation>排在 %1 个更高优先级的就绪条目之后</translation>
    </message>
    <message>
        <source>adds</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>workqueue_adds_total: every Add that was not collapsed into an item already waiting (client-go Typed.Add → metrics.add; controller-runtime: an entry entering ready).</source>
        <translation>workqueue_adds_total：每次没有并入已在等待的条目的 Add（client-go Typed.Add → metrics.add；controller-runtime：一个条目进入就绪）。</translation>
    </message>
    <message>
        <source>retries</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>workqueue_retries_total: client-go counts every AddAfter and AddRateLimited (metrics.retry); controller-runtime&apos;s priority queue counts adds with a delay above 0 (RequeueAfter, rate-limited requeues). Retries close to adds mean a requeue loop.</source>
        <translation>workqueue_retries_total：client-go 统计每次 AddAfter 和 AddRateLimited（metrics.retry）；controller-runtime 的优先级队列统计延迟大于 0 的添加（RequeueAfter、限速重新入队）。重试数接近添加数意味着重新入队循环。</translation>
    </message>
    <message>
        <source>queue time</source>
        <translation>排队时间</translation>
    </message>
    <message>
        <source>workqueue_queue_duration_seconds: from an item&apos;s Add to the Get that hands it out (client-go metrics.get; controller-runtime: from first ready to hand out). Quantiles as Prometheus&apos; histogram_quantile computes them from the buckets&apos; counts in the rate window (linear inside a bucket). Starvation looks like a depth that stays up with few queue-time observations.</source>
        <translation>workqueue_queue_duration_seconds：从条目的 Add 到交出它的 Get（client-go metrics.get；controller-runtime：从首次就绪到交出）。分位数按 Prometheus 的 histogram_quantile 由速率窗口内各桶的计数算出（桶内线性插值）。饥饿的样子：深度居高不下，排队时间的观测却很少。</translation>
    </message>
    <message>
        <source>work time</source>
        <translation>处理时间</translation>
    </message>
    <message>
        <source>workqueue_work_duration_seconds: from Get to Done (metrics.done): how long a worker held an item.</source>
        <translation>workqueue_work_duration_seconds：从 Get 到 Done（metrics.done）：一个 worker 持有条目的时长。</translation>
    </message>
    <message>
        <source>unfinished work</source>
        <translation>未完成工作</translation>
    </message>
    <message>
        <source>workqueue_unfinished_work_seconds: the summed age of the items being processed, set every 500 ms by updateUnfinishedWorkLoop. It growing by about n seconds each second means n workers are stuck in one item.</source>
        <translation>workqueue_unfinished_work_seconds：正在处理的条目的年龄之和，由 updateUnfinishedWorkLoop 每 500 ms 设置一次。它每秒增长约 n 秒，说明有 n 个 worker 卡在某个条目上。</translation>
    </message>
    <message>
        <source>%1 s/s</source>
        <translation>%1 s/s</translation>
    </message>
    <message>
        <source>≈ %1 stuck worker(s)</source>
        <translation>≈ %1 个卡住的 worker</translation>
    </message>
    <message>
        <source>longest running processor</source>
        <translation>运行最久的处理者</translation>
    </message>
    <message>
        <source>workqueue_longest_running_processor_seconds: the age of the oldest item being processed (updateUnfinishedWorkLoop). A stuck worker makes it grow one second per second; past the stuck threshold the note says so.</source>
        <translation>workqueue_longest_running_processor_seconds：正在处理的条目中最老的那个的年龄（updateUnfinishedWorkLoop）。卡住的 worker 让它每秒增长一秒；超过卡住阈值时备注会指出。</translation>
    </message>
    <message>
        <source>a worker has held one item for %1</source>
        <translation>有个 worker 已持有一个条目 %1</translation>
    </message>
    <message>
        <source>a worker looks stuck</source>
        <translation>有个 worker 看起来卡住了</translation>
    </message>
    <message>
        <source>controller %1</source>
        <translation>控制器 %1</translation>
    </message>
    <message>
        <source>The controller_runtime_* families with label controller=&quot;%1&quot; (pkg/internal/controller/metrics).</source>
        <translation>带标签 controller=&quot;%1&quot; 的 controller_runtime_* 指标族（pkg/internal/controller/metrics）。</translation>
    </message>
    <message>
        <source>%1 of %2 workers busy</source>
        <translation>%2 个 worker 中 %1 个忙碌</translation>
    </message>
    <message>
        <source>reconciles</source>
        <translation>Reconcile 次数</translation>
    </message>
    <message>
        <source>controller_runtime_reconcile_total: reconcileHandler counts every Reconcile return by result (success, error, requeue, requeue_after).</source>
        <translation>controller_runtime_reconcile_total：reconcileHandler 按结果（success、error、requeue、requeue_after）统计每次 Reconcile 的返回。</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>controller_runtime_reconcile_errors_total: Reconcile returned an error (reconcileHandler), terminal or not.</source>
        <translation>controller_runtime_reconcile_errors_total：Reconcile 返回了错误（reconcileHandler），无论是否终止性错误。</translation>
    </message>
    <message>
        <source>terminal errors</source>
        <translation>终止性错误</translation>
    </message>
    <message>
        <source>controller_runtime_terminal_reconcile_errors_total: errors wrapped with reconcile.TerminalError: not requeued.</source>
        <translation>controller_runtime_terminal_reconcile_errors_total：用 reconcile.TerminalError 包装的错误：不重新入队。</translation>
    </message>
    <message>
        <source>panics</source>
        <translation>panic</translation>
    </message>
    <message>
        <source>controller_runtime_reconcile_panics_total: Reconcile panicked and RecoverPanic caught it.</source>
        <translation>controller_runtime_reconcile_panics_total：Reconcile 发生 panic，被 RecoverPanic 捕获。</translation>
    </message>
    <message>
        <source>timeouts</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>controller_runtime_reconcile_timeouts_total (v0.23+): Reconcile ran past ReconciliationTimeout.</source>
        <translation>controller_runtime_reconcile_timeouts_total（v0.23+）：Reconcile 运行超过了 ReconciliationTimeout。</translation>
    </message>
    <message>
        <source>active workers</source>
        <translation>活跃 worker</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>controller_runtime_active_workers: workers inside Reconcile now (processNextWorkItem), of controller_runtime_max_concurrent_reconciles. All of them busy while the longest running processor keeps growing: stuck workers.</source>
        <translation>controller_runtime_active_workers：当前在 Reconcile 中的 worker（processNextWorkItem），上限为 controller_runtime_max_concurrent_reconciles。全部忙碌而运行最久的处理者不断增长：worker 卡住了。</translation>
    </message>
    <message>
        <source>reconcile time</source>
        <translation>Reconcile 用时</translation>
    </message>
    <message>
        <source>controller_runtime_reconcile_time_seconds: how long each Reconcile took (reconcileHandler), as quantiles of the rate window.</source>
        <translation>controller_runtime_reconcile_time_seconds：每次 Reconcile 的用时（reconcileHandler），以速率窗口内的分位数显示。</translation>
    </message>
    <message>
        <source>API requests</source>
        <translation>API 请求</translation>
    </message>
    <message>
        <source>rest_client_requests_total by code: client-go&apos;s REST client counts every request it made to the API server by HTTP code (metrics.RequestResult), summed over method and host.</source>
        <translation>按状态码统计的 rest_client_requests_total：client-go 的 REST 客户端按 HTTP 状态码统计它向 API server 发出的每个请求（metrics.RequestResult），对 method 和 host 求和。</translation>
    </message>
    <message>
        <source>code %1</source>
        <translation>状态码 %1</translation>
    </message>
    <message>
        <source>leader election</source>
        <translation>领导者选举</translation>
    </message>
    <message>
        <source>leader_election_master_status: 1 while this process holds the lease (client-go leaderelection).</source>
        <translation>leader_election_master_status：本进程持有租约期间为 1（client-go leaderelection）。</translation>
    </message>
    <message>
        <source>leading</source>
        <translation>领导中</translation>
    </message>
    <message>
        <source>not leading</source>
        <translation>非领导</translation>
    </message>
    <message>
        <source>notices</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>What changed between scrapes: a counter that fell (the process restarted: Prometheus counters only reset then), a family whose type changed, a family left out.</source>
        <translation>两次抓取之间的变化：计数器下降（进程重启了：Prometheus 计数器只在那时归零）、指标族类型改变、指标族被略去。</translation>
    </message>
    <message>
        <source>restarted</source>
        <translation>已重启</translation>
    </message>
    <message>
        <source>type changed</source>
        <translation>类型改变</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>已略去</translation>
    </message>
    <message>
        <source>In the journal</source>
        <translation>日志中</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>process_start_time_seconds changed from %1 to %2</source>
        <translation>process_start_time_seconds 从 %1 变为 %2</translation>
    </message>
    <message>
        <source>%1 of %2 fell from %3 to %4</source>
        <translation>%2 的 %1 从 %3 降到 %4</translation>
    </message>
    <message>
        <source>workqueue &quot;%1&quot;</source>
        <translation>工作队列“%1”</translation>
    </message>
    <message>
        <source>controller &quot;%1&quot;</source>
        <translation>控制器“%1”</translation>
    </message>
    <message>
        <source>%1 result %2</source>
        <translation>%1 结果 %2</translation>
    </message>
    <message>
        <source>%1 changed type from %2 to %3</source>
        <translation>%1 的类型从 %2 变为 %3</translation>
    </message>
    <message>
        <source>no observations in the last %1</source>
        <translation>最近 %1 内没有观测值</translation>
    </message>
</context>
<context>
    <name>lens::MetricsPanel</name>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Select a figure to plot its history</source>
        <translation>选择一个数值来绘制它的历史</translation>
    </message>
    <message>
        <source>Scraped metrics</source>
        <translation>抓取到的指标</translation>
    </message>
    <message>
        <source>No controller is attached. Start Informer Lens with --attach-metrics self (with --controller), pod/NAMESPACE/NAME:PORT, svc/NAMESPACE/NAME:PORT or a URL to scrape a controller&apos;s /metrics (docs/metrics.md).</source>
        <translation>没有附加任何控制器。用 --attach-metrics self（配合 --controller）、pod/NAMESPACE/NAME:PORT、svc/NAMESPACE/NAME:PORT 或一个 URL 启动 Informer Lens，以抓取控制器的 /metrics（docs/metrics.md）。</translation>
    </message>
    <message>
        <source>History of the selected figure over journal time</source>
        <translation>所选数值随日志时间的历史</translation>
    </message>
    <message>
        <source> · %1 more in the tree</source>
        <translation> · 树中还有 %1 条</translation>
    </message>
    <message>
        <source>Attached to %1: waiting for its first scrape (each waits at most 10 s for the whole answer).</source>
        <translation>已附加到 %1：正在等待它的第一次抓取（每次最多等待 10 秒以收到完整应答）。</translation>
    </message>
</context>
<context>
    <name>lens::NamespaceIndexModel</name>
    <message>
        <source>(cluster-scoped)</source>
        <translation>（集群范围）</translation>
    </message>
    <message>
        <source>Index &quot;%1&quot;: value → keys</source>
        <translation>索引“%1”：值 → 键</translation>
    </message>
    <message numerus="yes">
        <source>ByIndex(&quot;%1&quot;, &quot;%2&quot;): %n key(s)</source>
        <translation>
            <numerusform>ByIndex(&quot;%1&quot;, &quot;%2&quot;)：%n 个键</numerusform>
        </translation>
    </message>
    <message>
        <source>Index → value → keys</source>
        <translation>索引 → 值 → 键</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
</context>
<context>
    <name>lens::ObjectTreeModel</name>
    <message>
        <source>Hidden: press Reveal to show this object&apos;s secret values</source>
        <translation>已隐藏：点击“显示”以查看此对象的机密值</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>lens::PipelineWidget</name>
    <message>
        <source>Pipeline</source>
        <translation>管线</translation>
    </message>
    <message>
        <source>API server</source>
        <translation>API 服务器</translation>
    </message>
    <message>
        <source>Reflector</source>
        <translation>Reflector</translation>
    </message>
    <message>
        <source>Pop / HandleDeltas</source>
        <translation>Pop / HandleDeltas</translation>
    </message>
    <message>
        <source>Indexer</source>
        <translation>Indexer</translation>
    </message>
    <message>
        <source>Listeners</source>
        <translation>监听器</translation>
    </message>
    <message>
        <source>depth %1</source>
        <translation>深度 %1</translation>
    </message>
    <message>
        <source>%1 popped</source>
        <translation>已弹出 %1</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source> · %1/s</source>
        <translation> · %1/秒</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s)</source>
        <translation>
            <numerusform>%n 个对象</numerusform>
        </translation>
    </message>
    <message>
        <source>HasSynced ✓</source>
        <translation>HasSynced ✓</translation>
    </message>
    <message>
        <source>not synced</source>
        <translation>未同步</translation>
    </message>
    <message numerus="yes">
        <source>%n listener(s)</source>
        <translation>
            <numerusform>%n 个监听器</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: backlog %2</source>
        <translation>%1：积压 %2</translation>
    </message>
    <message>
        <source>%1 · backlog %2</source>
        <translation>%1 · 积压 %2</translation>
    </message>
    <message>
        <source>selected: #%1</source>
        <translation>所选：第 %1 位</translation>
    </message>
    <message>
        <source>selected: deleted</source>
        <translation>所选：已删除</translation>
    </message>
    <message>
        <source>selected: stored</source>
        <translation>所选：已存储</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) · %1/s</source>
        <translation>
            <numerusform>%n 个事件 · %1/秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 deltas queued in all</source>
        <translation>累计排入 %1 个 delta</translation>
    </message>
    <message>
        <source>sent no RV yet</source>
        <translation>尚未发送 RV</translation>
    </message>
    <message>
        <source>sent up to RV %1</source>
        <translation>已发送至 RV %1</translation>
    </message>
    <message>
        <source>informer synced no RV yet</source>
        <translation>informer 尚未同步 RV</translation>
    </message>
    <message>
        <source>informer synced RV %1</source>
        <translation>informer 已同步 RV %1</translation>
    </message>
    <message>
        <source>Listing (WatchList)</source>
        <translation>正在 list（WatchList）</translation>
    </message>
    <message numerus="yes">
        <source>%n relist(s)</source>
        <translation>
            <numerusform>重新 list %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed list attempt(s)</source>
        <translation>
            <numerusform>%n 次 list 尝试失败</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lens::PlaygroundPanel</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Open a playground script</source>
        <translation>打开演练脚本</translation>
    </message>
    <message>
        <source>Playground scripts (*.play);;All files (*)</source>
        <translation>演练脚本 (*.play);;所有文件 (*)</translation>
    </message>
    <message>
        <source>knownObjects: %1</source>
        <translation>knownObjects（已知对象）：%1</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>line %1 of %2</source>
        <translation>第 %1 行，共 %2 行</translation>
    </message>
    <message numerus="yes">
        <source>end of script (%n line(s))</source>
        <translation>
            <numerusform>脚本结束（%n 行）</numerusform>
        </translation>
    </message>
    <message>
        <source> · %1</source>
        <translation> · %1</translation>
    </message>
    <message>
        <source> · emitDeltaTypeReplaced</source>
        <translation> · emitDeltaTypeReplaced</translation>
    </message>
    <message>
        <source> · HasSynced ✓</source>
        <translation> · HasSynced ✓</translation>
    </message>
    <message>
        <source> · HasSynced ✗</source>
        <translation> · HasSynced ✗</translation>
    </message>
    <message>
        <source> · closed</source>
        <translation> · 已关闭</translation>
    </message>
    <message numerus="yes">
        <source>%1 after the last line · %n entry(ies) in Pop order</source>
        <translation>
            <numerusform>最后一行之后的 %1 · 按 Pop 顺序 %n 个条目</numerusform>
        </translation>
    </message>
    <message>
        <source>Playground</source>
        <translation>演练场</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Run your own playground script (see docs/playground.md)</source>
        <translation>运行你自己的演练脚本（见 docs/playground.md）</translation>
    </message>
    <message>
        <source>Playground script</source>
        <translation>演练脚本</translation>
    </message>
    <message>
        <source>Shipped scripts that teach one DeltaFIFO / RealFIFO behaviour each</source>
        <translation>随附的脚本，每个讲解一种 DeltaFIFO / RealFIFO 行为</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Run the next line of the script</source>
        <translation>运行脚本的下一行</translation>
    </message>
    <message>
        <source>Step one playground line</source>
        <translation>单步执行一行演练脚本</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Run the script to its end</source>
        <translation>把脚本运行到结尾</translation>
    </message>
    <message>
        <source>Run the playground script to the end</source>
        <translation>把演练脚本运行到结尾</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Back to the first line, with a fresh queue</source>
        <translation>回到第一行，使用新的队列</translation>
    </message>
    <message>
        <source>Reset the playground</source>
        <translation>重置演练场</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Playground script lines and their output</source>
        <translation>演练脚本各行及其输出</translation>
    </message>
    <message>
        <source>Playground queue</source>
        <translation>演练场队列</translation>
    </message>
    <message>
        <source>Playground output</source>
        <translation>演练场输出</translation>
    </message>
    <message>
        <source>Output (what informer-lens-play prints)</source>
        <translation>输出（informer-lens-play 打印的内容）</translation>
    </message>
    <message>
        <source>Nothing printed yet: Step runs the next line, Run runs the script to its end.</source>
        <translation>尚无输出：“单步”运行下一行，“运行”把脚本运行到底。</translation>
    </message>
</context>
<context>
    <name>lens::PlaygroundQueueModel</name>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Deltas (oldest first)</source>
        <translation>Deltas（最早的在前）</translation>
    </message>
    <message>
        <source>Newest RV</source>
        <translation>最新 RV</translation>
    </message>
</context>
<context>
    <name>lens::PriorityLanesView</name>
    <message>
        <source>Priority queue lanes</source>
        <translation>优先级队列泳道</translation>
    </message>
    <message numerus="yes">
        <source>waiting · %n</source>
        <translation>
            <numerusform>等待中 · %n</numerusform>
        </translation>
    </message>
    <message>
        <source>priority %1 · depth %2</source>
        <translation>优先级 %1 · 深度 %2</translation>
    </message>
    <message>
        <source>No controller-runtime priority queue in the journal yet</source>
        <translation>日志中还没有 controller-runtime 优先级队列</translation>
    </message>
    <message>
        <source>%1 · priority %2</source>
        <translation>%1 · 优先级 %2</translation>
    </message>
    <message>
        <source>why: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>held by %1: eligible again at its Done</source>
        <translation>由 %1 持有：在其 Done 后才能再次取出</translation>
    </message>
    <message>
        <source>%1 runs on client-go&apos;s queue (UsePriorityQueue false): no priorities, keys are handed out in the order they were added. The Workqueue tab shows that queue.</source>
        <translation>%1 运行在 client-go 的队列上（UsePriorityQueue false）：没有优先级，key 按加入顺序交出。Workqueue 标签页显示这个队列。</translation>
    </message>
</context>
<context>
    <name>lens::PriorityQueueModel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source> (RV %1 → %2)</source>
        <translation>（RV %1 → %2）</translation>
    </message>
    <message>
        <source> (initial list)</source>
        <translation>（初始列表）</translation>
    </message>
    <message>
        <source>, low priority: %1</source>
        <translation>，低优先级：%1</translation>
    </message>
    <message>
        <source>requeue by reconcileHandler (%1)</source>
        <translation>reconcileHandler 重新入队（%1）</translation>
    </message>
    <message>
        <source>added</source>
        <translation>已加入</translation>
    </message>
    <message>
        <source> after %1</source>
        <translation>，延后 %1</translation>
    </message>
    <message>
        <source>unset</source>
        <comment>priority</comment>
        <translation>未设置</translation>
    </message>
    <message>
        <source>%1 → priority %2 (asked %3)</source>
        <translation>%1 → 优先级 %2（请求 %3）</translation>
    </message>
    <message>
        <source> · ready by timer (%1 late)</source>
        <translation> · 由定时器就绪（晚 %1）</translation>
    </message>
    <message>
        <source> · raised: %1</source>
        <translation> · 已提升：%1</translation>
    </message>
    <message numerus="yes">
        <source> · %n later add(s) merged without a change</source>
        <translation>
            <numerusform> · 之后 %n 次加入被合并，无变化</numerusform>
        </translation>
    </message>
    <message>
        <source>never handed out</source>
        <translation>从未被取出</translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message>
        <source>%1 at priority %2</source>
        <translation>%1（优先级 %2）</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>另有 %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>passed over %n time(s): %1</source>
        <translation>
            <numerusform>被越过 %n 次：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n while its key was held by a worker)</source>
        <translation>
            <numerusform>（其中 %n 次时其键由工作者持有）</numerusform>
        </translation>
    </message>
    <message>
        <source> · never handed out</source>
        <translation> · 从未被取出</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>%1 后</translation>
    </message>
    <message>
        <source>workers busy %1 of %2</source>
        <translation>工作者忙碌 %1 / %2</translation>
    </message>
    <message>
        <source>workers busy %1</source>
        <translation>工作者忙碌 %1</translation>
    </message>
    <message>
        <source>mean reconcile %1</source>
        <translation>平均调谐 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) requeued after %1</source>
        <translation>
            <numerusform>%n 个键延后 %1 重新入队</numerusform>
        </translation>
    </message>
    <message>
        <source>demand P · c / (W · T) = %1</source>
        <translation>需求 P · c / (W · T) = %1</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>priority %1</source>
        <translation>优先级 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s)</source>
        <translation>
            <numerusform>%n 个键</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (held by %2)</source>
        <translation>%1（由 %2 持有）</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Ready for</source>
        <translation>已就绪</translation>
    </message>
    <message>
        <source>Why it is queued</source>
        <translation>入队原因</translation>
    </message>
    <message>
        <source>Passed over by</source>
        <translation>被谁越过</translation>
    </message>
</context>
<context>
    <name>lens::PriorityQueuePanel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Priority queue</source>
        <translation>优先级队列</translation>
    </message>
    <message>
        <source>past, at seq %1: </source>
        <translation>过去，序号 %1：</translation>
    </message>
    <message>
        <source>no controller-runtime controller in the journal</source>
        <translation>日志中没有 controller-runtime 控制器</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n ready</source>
        <translation>
            <numerusform>%1：%n 个就绪</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n waiting</source>
        <translation>
            <numerusform> · %n 个等待</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n held</source>
        <translation>
            <numerusform> · %n 个被持有</numerusform>
        </translation>
    </message>
    <message>
        <source> · UsePriorityQueue=false: client-go&apos;s queue (see Workqueue)</source>
        <translation> · UsePriorityQueue=false：client-go 的队列（见 Workqueue）</translation>
    </message>
    <message>
        <source> · shut down</source>
        <translation> · 已关闭</translation>
    </message>
    <message>
        <source>%1 → %2 (priority %3) for %4</source>
        <translation>%1 → %2（优先级 %3）已 %4</translation>
    </message>
    <message>
        <source>%1 idle (last %2: %3)</source>
        <translation>%1 空闲（上次 %2：%3）</translation>
    </message>
    <message>
        <source>%1 idle</source>
        <translation>%1 空闲</translation>
    </message>
    <message>
        <source>Workers: none seen yet</source>
        <translation>工作者：尚未出现</translation>
    </message>
    <message>
        <source>Workers: %1</source>
        <translation>工作者：%1</translation>
    </message>
    <message>
        <source>Capacity: %1</source>
        <translation>容量：%1</translation>
    </message>
    <message>
        <source>From the journal: W = maxConcurrentReconciles (runtimeControllerStarted), c = the mean durationMs of the finished reconciles, T = the mean requeueAfterMs of the keys whose last result was requeue_after, P = how many such keys. P · c / (W · T) ≥ 1: those keys alone keep every worker busy, and a lower lane is never reached.</source>
        <translation>来自日志：W = maxConcurrentReconciles（runtimeControllerStarted），c = 已完成调谐的平均 durationMs，T = 上次结果为 requeue_after 的键的平均 requeueAfterMs，P = 这类键的数量。P · c / (W · T) ≥ 1：仅这些键就让所有工作者忙碌，较低的泳道永远轮不到。</translation>
    </message>
    <message>
        <source>Priority queue entries</source>
        <translation>优先级队列条目</translation>
    </message>
</context>
<context>
    <name>lens::QueueModel</name>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Deltas (oldest first)</source>
        <translation>Deltas（最旧在前）</translation>
    </message>
    <message>
        <source>Newest RV</source>
        <translation>最新 RV</translation>
    </message>
    <message>
        <source>Event (arrival order)</source>
        <translation>事件（到达顺序）</translation>
    </message>
</context>
<context>
    <name>lens::QueuePanel</name>
    <message>
        <source>DeltaFIFO queue</source>
        <translation>DeltaFIFO 队列</translation>
    </message>
    <message>
        <source>past, at seq %1: </source>
        <translation>过去，序号 %1：</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) queued now</source>
        <translation>
            <numerusform>当前排队 %n 个键</numerusform>
        </translation>
    </message>
    <message>
        <source> · %1 deltas queued in all · %2 popped</source>
        <translation> · 累计排入 %1 个 delta · 已弹出 %2</translation>
    </message>
    <message>
        <source> · HasSynced ✓</source>
        <translation> · HasSynced ✓</translation>
    </message>
    <message>
        <source> · HasSynced ✗</source>
        <translation> · HasSynced ✗</translation>
    </message>
</context>
<context>
    <name>lens::RecordReplay</name>
    <message>
        <source>Informer Lens journal (*.jsonl);;All files (*)</source>
        <translation>Informer Lens 日志 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Open journal…</source>
        <translation>打开日志(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a saved journal in a second window: every view works from the recording, with no informer and no server</source>
        <translation>在第二个窗口中打开已保存的日志：每个视图都基于录制内容工作，无需 informer，也无需服务器</translation>
    </message>
    <message>
        <source>&amp;Save journal…</source>
        <translation>保存日志(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the journal (every retained event, Secret data masked) to a file that Open journal can replay later</source>
        <translation>把日志（所有保留的事件，Secret 数据已遮蔽）保存到文件，之后可用“打开日志”回放</translation>
    </message>
    <message>
        <source>Open &amp;kubectl watch capture…</source>
        <translation>打开 &amp;kubectl watch 捕获…</translation>
    </message>
    <message>
        <source>Replay the output of kubectl get -w -o json --output-watch-events through a real informer, in a second window</source>
        <translation>在第二个窗口中，把 kubectl get -w -o json --output-watch-events 的输出通过真实的 informer 回放</translation>
    </message>
    <message>
        <source>There is no journal to save.</source>
        <translation>没有可保存的日志。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Offline: recording %1 (1 event, recorded at %2)</source>
        <translation>离线：录制 %1（1 个事件，录制于 %2）</translation>
    </message>
    <message>
        <source>Offline: recording %1 (%2 events, recorded at %3)</source>
        <translation>离线：录制 %1（%2 个事件，录制于 %3）</translation>
    </message>
    <message>
        <source>Open journal</source>
        <translation>打开日志</translation>
    </message>
    <message>
        <source>Save journal</source>
        <translation>保存日志</translation>
    </message>
    <message>
        <source>Open kubectl watch capture</source>
        <translation>打开 kubectl watch 捕获</translation>
    </message>
    <message>
        <source>kubectl watch capture (*.json *.jsonl *.txt);;All files (*)</source>
        <translation>kubectl watch 捕获 (*.json *.jsonl *.txt);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>lens::ReflectorStatus</name>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>Listing</source>
        <translation>正在 list</translation>
    </message>
    <message>
        <source>Watching</source>
        <translation>正在 watch</translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>RV —</source>
        <translation>RV —</translation>
    </message>
    <message>
        <source>RV %1</source>
        <translation>RV %1</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s)</source>
        <translation>
            <numerusform>%n 个对象</numerusform>
        </translation>
    </message>
    <message>
        <source>HasSynced ✓</source>
        <translation>HasSynced ✓</translation>
    </message>
    <message>
        <source>HasSynced ✗</source>
        <translation>HasSynced ✗</translation>
    </message>
    <message numerus="yes">
        <source>%n watch event(s)</source>
        <translation>
            <numerusform>%n 个 watch 事件</numerusform>
        </translation>
    </message>
    <message>
        <source>; the server asked for %1 s (Retry-After), capped at %2 s</source>
        <translation>；服务器要求 %1 秒（Retry-After），上限为 %2 秒</translation>
    </message>
    <message>
        <source>; the server asked for %1 s (Retry-After)</source>
        <translation>；服务器要求 %1 秒（Retry-After）</translation>
    </message>
    <message>
        <source>waits %1</source>
        <translation>等待 %1</translation>
    </message>
    <message>
        <source>retry in %1</source>
        <translation>%1 后重试</translation>
    </message>
    <message numerus="yes">
        <source>WatchList: waiting %1 for the initial-events-end bookmark (%n initial event(s) so far)</source>
        <translation>
            <numerusform>WatchList：已等待 initial-events-end bookmark %1（目前已收到 %n 个初始事件）</numerusform>
        </translation>
    </message>
    <message>
        <source>LIST sent %1 ago, not complete</source>
        <translation>LIST 已于 %1 前发出，尚未完成</translation>
    </message>
    <message>
        <source>last event or bookmark %1 ago</source>
        <translation>上一个事件或 bookmark 在 %1 前</translation>
    </message>
    <message>
        <source>no event or bookmark in the %1 since the watch started</source>
        <translation>watch 开始后的 %1 内没有事件或 bookmark</translation>
    </message>
    <message>
        <source>waiting %1 for end bookmark</source>
        <translation>已等待结束 bookmark %1</translation>
    </message>
    <message>
        <source>LIST for %1</source>
        <translation>LIST 已进行 %1</translation>
    </message>
    <message>
        <source>quiet %1</source>
        <translation>静默 %1</translation>
    </message>
</context>
<context>
    <name>lens::RuntimeControlsBox</name>
    <message>
        <source>Stop panicking</source>
        <translation>停止 panic</translation>
    </message>
    <message>
        <source>Panic</source>
        <translation>Panic</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message numerus="yes">
        <source>started, %n worker(s)</source>
        <translation>
            <numerusform>已启动，%n 个工作者</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting for the caches to sync</source>
        <translation>等待缓存同步</translation>
    </message>
    <message>
        <source>priority queue</source>
        <translation>优先级队列</translation>
    </message>
    <message>
        <source>client-go queue</source>
        <translation>client-go 队列</translation>
    </message>
    <message numerus="yes">
        <source>%n reconcile(s) begun</source>
        <translation>
            <numerusform>已开始 %n 次调谐</numerusform>
        </translation>
    </message>
    <message>
        <source>hanging: %1</source>
        <translation>挂起：%1</translation>
    </message>
    <message>
        <source>panicking: %1</source>
        <translation>panic：%1</translation>
    </message>
    <message>
        <source>Sample controller</source>
        <translation>示例控制器</translation>
    </message>
    <message>
        <source>Reconcile takes</source>
        <translation>调谐耗时</translation>
    </message>
    <message>
        <source>Clock time each reconcile takes (its writes are sent at the start)</source>
        <translation>每次调谐耗费的时钟时间（其写入在开始时发出）</translation>
    </message>
    <message>
        <source>RequeueAfter</source>
        <translation>RequeueAfter</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Result{RequeueAfter} of every successful reconcile; none = Result{}</source>
        <translation>每次成功调谐的 Result{RequeueAfter}；无 = Result{}</translation>
    </message>
    <message>
        <source>Fail every</source>
        <translation>每隔几次失败</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>Every Nth reconcile (counted over all keys) returns an error: the key is requeued rate-limited</source>
        <translation>每第 N 次调谐（对所有键计数）返回错误：该键按限速重新入队</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>工作者</translation>
    </message>
    <message>
        <source>MaxConcurrentReconciles: changing it rebuilds the controller (a new queue, every parent listed again at priority -100)</source>
        <translation>MaxConcurrentReconciles：修改它会重建控制器（新队列，每个父对象以优先级 -100 重新列出）</translation>
    </message>
    <message>
        <source>UsePriorityQueue</source>
        <translation>UsePriorityQueue</translation>
    </message>
    <message>
        <source>The priority queue, or client-go&apos;s workqueue when off: changing it rebuilds the controller</source>
        <translation>优先级队列，关闭时为 client-go 的 workqueue：修改它会重建控制器</translation>
    </message>
    <message>
        <source>TerminalError for</source>
        <translation>TerminalError 键</translation>
    </message>
    <message>
        <source>regex</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>Keys (ns/name) matching this regular expression return reconcile.TerminalError: no requeue</source>
        <translation>匹配此正则表达式的键（ns/name）返回 reconcile.TerminalError：不重新入队</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>The key (ns/name) the buttons act on</source>
        <translation>按钮作用的键（ns/name）</translation>
    </message>
    <message>
        <source>Hang</source>
        <translation>挂起</translation>
    </message>
    <message>
        <source>Its reconciles never return and hold their worker until released</source>
        <translation>它的调谐永不返回，一直占用工作者直到释放</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>Its open reconcile returns now</source>
        <translation>它未结束的调谐立即返回</translation>
    </message>
    <message>
        <source>Its reconciles panic (recovered by the controller: RecoverPanic, requeued rate-limited)</source>
        <translation>它的调谐会 panic（由控制器恢复：RecoverPanic，按限速重新入队）</translation>
    </message>
</context>
<context>
    <name>lens::ScenarioToolBar</name>
    <message>
        <source>Resume scenario</source>
        <translation>继续场景</translation>
    </message>
    <message>
        <source>Pause scenario</source>
        <translation>暂停场景</translation>
    </message>
    <message>
        <source>fastest</source>
        <translation>最快</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Scenario: %1</source>
        <translation>场景：%1</translation>
    </message>
    <message>
        <source>Hold the scenario&apos;s clock and steps; the informer and the server go on (F7)</source>
        <translation>暂停场景的时钟与步骤；informer 和服务器继续运行（F7）</translation>
    </message>
    <message>
        <source>Scenario speed</source>
        <translation>场景速度</translation>
    </message>
    <message>
        <source>Scenario seconds per real second (fastest: each step as soon as everything before it has happened)</source>
        <translation>每个真实秒对应的场景秒数（最快：前面的一切都发生后立即执行下一步）</translation>
    </message>
</context>
<context>
    <name>lens::SimulatorPanel</name>
    <message>
        <source>compacted the history at revision %1: older resourceVersions now get 410 Gone</source>
        <translation>已在修订版本 %1 处压缩历史：更旧的 resourceVersion 现在会得到 410 Gone</translation>
    </message>
    <message numerus="yes">
        <source>dropped %n watch(es) cleanly</source>
        <translation>
            <numerusform>已正常断开 %n 个 watch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>dropped %n watch(es) in the middle of an event</source>
        <translation>
            <numerusform>已在事件中途断开 %n 个 watch</numerusform>
        </translation>
    </message>
    <message>
        <source>the next %1 request(s) fail with HTTP %2 (Retry-After %3 s)</source>
        <translation>接下来 %1 个请求以 HTTP %2 失败（Retry-After %3 秒）</translation>
    </message>
    <message numerus="yes">
        <source>sent a line that is not JSON on %n open watch(es)</source>
        <translation>
            <numerusform>已向 %n 个打开的 watch 发送一行非 JSON 数据</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>stalled %n watch(es) for %1 s</source>
        <translation>
            <numerusform>已让 %n 个 watch 停顿 %1 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>the next list or watch gets &quot;Too large resource version&quot;</source>
        <translation>下一个 list 或 watch 将得到“Too large resource version”</translation>
    </message>
    <message>
        <source>now ignoring sendInitialEvents, as a server before 1.27 does</source>
        <translation>现在忽略 sendInitialEvents，如同 1.27 之前的服务器</translation>
    </message>
    <message>
        <source>sendInitialEvents is honoured again</source>
        <translation>重新支持 sendInitialEvents</translation>
    </message>
    <message>
        <source>bookmarks every %1 s on watches that allow them</source>
        <translation>在允许书签的 watch 上每 %1 秒发送一次 bookmark</translation>
    </message>
    <message>
        <source>Not available: the window is watching an external API server.</source>
        <translation>不可用：窗口正在观察外部 API 服务器。</translation>
    </message>
    <message>
        <source>revision %1 · %2 objects · %3 open watch(es) · history from revision %4 (compacted up to %5)</source>
        <translation>修订版本 %1 · %2 个对象 · %3 个打开的 watch · 历史自修订版本 %4 起（已压缩至 %5）</translation>
    </message>
    <message>
        <source>Compact now</source>
        <translation>立即压缩</translation>
    </message>
    <message>
        <source>Too large RV</source>
        <translation>RV 过大</translation>
    </message>
    <message>
        <source>Drop watches</source>
        <translation>断开 watch</translation>
    </message>
    <message>
        <source>Drop mid-event</source>
        <translation>事件中途断开</translation>
    </message>
    <message>
        <source>Garbage line</source>
        <translation>垃圾数据行</translation>
    </message>
    <message>
        <source>Fail next</source>
        <translation>让后续请求失败</translation>
    </message>
    <message>
        <source> requests</source>
        <translation> 个请求</translation>
    </message>
    <message>
        <source>HTTP </source>
        <translation>HTTP </translation>
    </message>
    <message>
        <source>Retry-After </source>
        <translation>Retry-After </translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Stall watches</source>
        <translation>停顿 watch</translation>
    </message>
    <message>
        <source>Bookmark interval</source>
        <translation>Bookmark 间隔</translation>
    </message>
    <message>
        <source>Ignore sendInitialEvents (a server before 1.27)</source>
        <translation>忽略 sendInitialEvents（1.27 之前的服务器）</translation>
    </message>
    <message>
        <source>Compact the history now</source>
        <translation>立即压缩历史</translation>
    </message>
    <message>
        <source>Answer the next list or watch with Too large resource version</source>
        <translation>对下一个 list 或 watch 回答 Too large resource version</translation>
    </message>
    <message>
        <source>Drop every watch cleanly</source>
        <translation>正常断开所有 watch</translation>
    </message>
    <message>
        <source>Drop every watch in the middle of an event</source>
        <translation>在事件中途断开所有 watch</translation>
    </message>
    <message>
        <source>Send a garbage line on open watches</source>
        <translation>向打开的 watch 发送垃圾数据行</translation>
    </message>
    <message>
        <source>Fail the next requests</source>
        <translation>让接下来的请求失败</translation>
    </message>
    <message>
        <source>Number of requests to fail</source>
        <translation>要失败的请求数</translation>
    </message>
    <message>
        <source>HTTP status of the failures</source>
        <translation>失败使用的 HTTP 状态码</translation>
    </message>
    <message>
        <source>Retry-After seconds of the failures</source>
        <translation>失败携带的 Retry-After 秒数</translation>
    </message>
    <message>
        <source>Stall open watches</source>
        <translation>让打开的 watch 停顿</translation>
    </message>
    <message>
        <source>Seconds to stall</source>
        <translation>停顿秒数</translation>
    </message>
    <message>
        <source>Bookmark interval in seconds</source>
        <translation>Bookmark 间隔（秒）</translation>
    </message>
    <message>
        <source>Ignore sendInitialEvents</source>
        <translation>忽略 sendInitialEvents</translation>
    </message>
    <message numerus="yes">
        <source>compacted at revision %1 and ended %n watch(es) with 410 Expired: each informer relists</source>
        <translation>
            <numerusform>已在修订版本 %1 处压缩，并以 410 Expired 结束 %n 个 watch：每个 informer 都会重新 list</numerusform>
        </translation>
    </message>
    <message>
        <source>churn on: one pod change every %1 ms</source>
        <translation>持续变更已开启：每 %1 毫秒变更一个 pod</translation>
    </message>
    <message>
        <source>churn off: the cluster holds still</source>
        <translation>持续变更已关闭：集群保持不变</translation>
    </message>
    <message>
        <source>Asking the simulated cluster for its state…</source>
        <translation>正在向模拟集群询问其状态…</translation>
    </message>
    <message>
        <source>churn on</source>
        <translation>持续变更开启</translation>
    </message>
    <message>
        <source>churn off</source>
        <translation>持续变更关闭</translation>
    </message>
    <message>
        <source>next %1 request(s) fail with HTTP %2</source>
        <translation>接下来 %1 个请求以 HTTP %2 失败</translation>
    </message>
    <message>
        <source>%1 &quot;Too large RV&quot; pending</source>
        <translation>%1 个“RV 过大”待发</translation>
    </message>
    <message>
        <source>watches stalled for %1 s</source>
        <translation>watch 停顿 %1 秒</translation>
    </message>
    <message>
        <source>no WatchList</source>
        <translation>无 WatchList</translation>
    </message>
    <message>
        <source>Make the simulated cluster misbehave and watch the informer recover. The panel is a client of its control API (/sim/v1/, see docs/simulator.md); what it does and sees is journaled.</source>
        <translation>让模拟集群出错，观察 informer 如何恢复。本面板是其控制 API 的客户端（/sim/v1/，见 docs/simulator.md）；它做了什么、看到了什么都会记入日志。</translation>
    </message>
    <message>
        <source>kubectl reaches it at %1, or with the copied kubeconfig: kubectl --kubeconfig FILE get pods -A</source>
        <translation>kubectl 可通过 %1 或复制的 kubeconfig 访问它：kubectl --kubeconfig FILE get pods -A</translation>
    </message>
    <message>
        <source>Copy kubeconfig</source>
        <translation>复制 kubeconfig</translation>
    </message>
    <message>
        <source>Force relist (410)</source>
        <translation>强制重新 list（410）</translation>
    </message>
    <message>
        <source>Churn</source>
        <translation>持续变更</translation>
    </message>
    <message>
        <source>Copy a kubeconfig for this cluster to the clipboard</source>
        <translation>把此集群的 kubeconfig 复制到剪贴板</translation>
    </message>
    <message>
        <source>Compact the history and end every watch with 410 Expired, so every informer relists</source>
        <translation>压缩历史并以 410 Expired 结束所有 watch，使每个 informer 重新 list</translation>
    </message>
    <message>
        <source>Change one pod at a time in the background</source>
        <translation>在后台逐个变更 pod</translation>
    </message>
    <message>
        <source>It listens on loopback only: other machines cannot connect.</source>
        <translation>它只在回环地址上监听：其他机器无法连接。</translation>
    </message>
    <message>
        <source>Warning: it listens beyond loopback: other machines can connect and use these controls.</source>
        <translation>警告：它不只在回环地址上监听：其他机器可以连接并使用这些控件。</translation>
    </message>
</context>
<context>
    <name>lens::TableView</name>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
</context>
<context>
    <name>lens::TimelineModel</name>
    <message>
        <source>superseded</source>
        <translation>已被取代</translation>
    </message>
    <message>
        <source>page %1: %2 items</source>
        <translation>第 %1 页：%2 项</translation>
    </message>
    <message>
        <source>%1 items at RV %2</source>
        <translation>RV %2 时 %1 项</translation>
    </message>
    <message>
        <source>from RV %1</source>
        <translation>自 RV %1</translation>
    </message>
    <message>
        <source>bookmark RV %1</source>
        <translation>书签 RV %1</translation>
    </message>
    <message>
        <source>backoff %1 ms: %2</source>
        <translation>退避 %1 毫秒：%2</translation>
    </message>
    <message>
        <source>resync (due)</source>
        <translation>resync（到期）</translation>
    </message>
    <message>
        <source>resync check (not due)</source>
        <translation>resync 检查（未到期）</translation>
    </message>
    <message>
        <source>HasSynced: %1 objects</source>
        <translation>HasSynced：%1 个对象</translation>
    </message>
    <message>
        <source>WATCH request from RV %1 failed, no watch</source>
        <translation>自 RV %1 的 WATCH 请求失败，没有 watch</translation>
    </message>
</context>
<context>
    <name>lens::TimelinePanel</name>
    <message>
        <source>ListAndWatch over time · wheel to zoom · hover for details · click an event to select its key · drag the time axis to travel back</source>
        <translation>ListAndWatch 随时间变化 · 滚轮缩放 · 悬停查看详情 · 点击事件选择其键 · 拖动时间轴回到过去</translation>
    </message>
    <message>
        <source>TIME TRAVEL to %1: every view shows the journal up to seq %2, recorded at %3 · press Live to return</source>
        <translation>时间旅行至 %1：所有视图显示日志直到序号 %2（记录于 %3）· 点击“实时”返回</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>● Live</source>
        <translation>● 实时</translation>
    </message>
    <message>
        <source>Return to live</source>
        <translation>返回实时</translation>
    </message>
    <message>
        <source>The views follow the present. Drag on the timeline&apos;s time axis to travel back; press here to return.</source>
        <translation>视图跟随当前时刻。在时间线的时间轴上拖动可回到过去；点击此处返回。</translation>
    </message>
</context>
<context>
    <name>lens::TimelineWidget</name>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>LIST</source>
        <translation>LIST</translation>
    </message>
    <message>
        <source>WATCH</source>
        <translation>WATCH</translation>
    </message>
    <message>
        <source>EVENTS</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>MARKERS</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>QUEUE</source>
        <translation>队列</translation>
    </message>
    <message numerus="yes">
        <source> · %n event(s)</source>
        <translation>
            <numerusform> · %n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>HasSynced ✓</source>
        <translation>HasSynced ✓</translation>
    </message>
    <message>
        <source>max %1</source>
        <translation>最大 %1</translation>
    </message>
    <message>
        <source>time travel %1 s</source>
        <translation>时间旅行 %1 秒</translation>
    </message>
    <message>
        <source>Press and drag on the time axis to travel back in time: every view shows the state at that moment.</source>
        <translation>在时间轴上按住并拖动以回到过去：所有视图显示那一刻的状态。</translation>
    </message>
    <message>
        <source>LIST (cause: %1)</source>
        <translation>LIST（原因：%1）</translation>
    </message>
    <message>
        <source>WATCH %1</source>
        <translation>WATCH %1</translation>
    </message>
    <message>
        <source> (open)</source>
        <translation>（进行中）</translation>
    </message>
    <message>
        <source>GAPS</source>
        <translation>空档</translation>
    </message>
    <message>
        <source>gap %1 s</source>
        <translation>空档 %1 s</translation>
    </message>
    <message>
        <source>Gap between watch sessions: %1 s with no watch open (after: %2). Changes on the server wait until the next watch resumes from the last resourceVersion, or a relist repairs the cache.</source>
        <translation>watch 会话之间的空档：%1 s 内没有打开的 watch（之前：%2）。服务器上的变化要等下一次 watch 从最后的 resourceVersion 继续时才到达，或由重新列表修复缓存。</translation>
    </message>
    <message>
        <source>List and watch sessions, watch events, bookmarks, errors, backoffs, resyncs and queue depth over time. Left and Right select markers.</source>
        <translation>随时间变化的 list 与 watch 会话、watch 事件、bookmark、错误、退避、resync 以及队列深度。左右方向键选择标记。</translation>
    </message>
    <message>
        <source>Selected: %1 s, %2. %3</source>
        <translation>已选中：%1 s，%2。%3</translation>
    </message>
    <message>
        <source>The views show the past, at %1 s; Escape returns to Live.</source>
        <translation>各视图显示过去 %1 s 时的状态；按 Escape 回到实时。</translation>
    </message>
    <message>
        <source>ERR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>%1 older marks dropped (the timeline keeps %2)</source>
        <translation>已丢弃 %1 个更早的标记（时间线最多保留 %2 个）</translation>
    </message>
    <message numerus="yes">
        <source>%1 s · %2 received %n update(s) with an unchanged resourceVersion from here until the next resync check (Sync or Replaced deltas delivered while it was syncing; Explain on one of them says which delta and which tick)</source>
        <translation>
            <numerusform>%1 s · %2 从这里到下一次 resync 检查收到 %n 个 resourceVersion 未变的更新（它处于同步状态时交付的 Sync 或 Replaced delta；在其中一条上“解释”会说明来自哪个 delta 和哪次定时）</numerusform>
        </translation>
    </message>
    <message>
        <source>Updates with an unchanged resourceVersion that handler %1 received, one mark per interval between resync checks</source>
        <translation>处理器 %1 收到的 resourceVersion 未变的更新，每两次 resync 检查之间一个标记</translation>
    </message>
    <message>
        <source>The lanes of informer %1. Click (or select it with Up/Down and press Space) to fold or unfold them.</source>
        <translation>informer %1 的泳道。点击（或用 Up/Down 选中后按 Space）可折叠或展开。</translation>
    </message>
    <message>
        <source>shared (events that name no informer)</source>
        <translation>共享（未指明 informer 的事件）</translation>
    </message>
    <message>
        <source>holding still under the pointer · F or move away to follow</source>
        <translation>指针停留处视图暂停 · 按 F 或移开指针以继续跟随</translation>
    </message>
    <message numerus="yes">
        <source>Lanes for %n informer(s); Up and Down select an informer&apos;s header, Space folds or unfolds its lanes.</source>
        <translation>
            <numerusform>共 %n 个 informer 的泳道；Up 和 Down 选择 informer 的标题行，Space 折叠或展开其泳道。</numerusform>
        </translation>
    </message>
    <message>
        <source>Selected informer: %1 (folded).</source>
        <translation>已选 informer：%1（已折叠）。</translation>
    </message>
    <message>
        <source>Selected informer: %1 (unfolded).</source>
        <translation>已选 informer：%1（已展开）。</translation>
    </message>
    <message>
        <source>The controller&apos;s workers, one lane each. Click (or select it with Up/Down and press Space) to fold or unfold them.</source>
        <translation>控制器的 worker，每个一条泳道。单击（或用上/下键选中后按空格）折叠或展开。</translation>
    </message>
    <message>
        <source>A controller worker: busy while it syncs a key (Get → Done), coloured by what the sync came to</source>
        <translation>一个控制器 worker：同步某个键时为忙（Get → Done），颜色表示同步的结果</translation>
    </message>
    <message>
        <source>controller workers</source>
        <translation>控制器 worker</translation>
    </message>
    <message>
        <source>idle: waiting for the caches to sync</source>
        <translation>空闲：等待缓存同步</translation>
    </message>
    <message>
        <source>retry in %1 s</source>
        <translation>%1 秒后重试</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1 holds %2 since %3 s (Get → not Done yet)</source>
        <translation>%1 自 %3 秒起持有 %2（已 Get，尚未 Done）</translation>
    </message>
    <message>
        <source>%1 synced %2 from %3 s for %4 ms: %5 — %6</source>
        <translation>%1 从 %3 秒起同步 %2，用时 %4 ms：%5 — %6</translation>
    </message>
    <message>
        <source>%1 failed and was re-queued with AddRateLimited: %2 chose %3 s, ready at %4 s</source>
        <translation>%1 失败，已用 AddRateLimited 重新入队：%2 选择了 %3 秒，在 %4 秒就绪</translation>
    </message>
    <message>
        <source>the limiter</source>
        <translation>限速器</translation>
    </message>
    <message>
        <source>%1 is idle: a controller starts its workers only once WaitForCacheSync says every informer has synced</source>
        <translation>%1 空闲：只有当 WaitForCacheSync 表明每个 informer 都已同步，控制器才启动它的 worker</translation>
    </message>
    <message>
        <source>%1 is idle: it waits in Get for the next key</source>
        <translation>%1 空闲：它在 Get 中等待下一个键</translation>
    </message>
    <message>
        <source>Scroll the timeline&apos;s lanes</source>
        <translation>滚动时间线的泳道</translation>
    </message>
</context>
<context>
    <name>lens::TransformStatus</name>
    <message>
        <source>managedFields stripped: %1 saved (%2 %)</source>
        <translation>已剥离 managedFields：节省 %1（%2 %）</translation>
    </message>
    <message>
        <source>Every informer has the managedFields-stripping transform (SetTransform, as controller-runtime&apos;s TransformStripManagedFields): %1 objects transformed, %2 of them had managedFields; %3 received, %4 kept in the cache.</source>
        <translation>每个 informer 都带有剥离 managedFields 的 transform（SetTransform，即 controller-runtime 的 TransformStripManagedFields）：已转换 %1 个对象，其中 %2 个带有 managedFields；收到 %3，缓存中保留 %4。</translation>
    </message>
    <message>
        <source>Strip &amp;managedFields (SetTransform)…</source>
        <translation>剥离 &amp;managedFields（SetTransform）…</translation>
    </message>
    <message>
        <source>Start again with every informer dropping metadata.managedFields before it queues and caches objects</source>
        <translation>重新启动，让每个 informer 在入队和缓存对象之前丢弃 metadata.managedFields</translation>
    </message>
    <message>
        <source>A transform can only be set before an informer starts: client-go&apos;s SetTransform answers &quot;informer has already started&quot; afterwards. Informer Lens starts again, with the same options, %1.</source>
        <translation>transform 只能在 informer 启动之前设置：之后调用 client-go 的 SetTransform 会返回 &quot;informer has already started&quot;。Informer Lens 将以相同的选项重新启动，%1。</translation>
    </message>
    <message>
        <source>with the managedFields-stripping transform</source>
        <translation>并带上剥离 managedFields 的 transform</translation>
    </message>
    <message>
        <source>without the managedFields-stripping transform</source>
        <translation>但不带剥离 managedFields 的 transform</translation>
    </message>
    <message>
        <source>Start again?</source>
        <translation>重新启动？</translation>
    </message>
</context>
<context>
    <name>lens::WaitMiss</name>
    <message>
        <source>%1 synced</source>
        <translation>%1 已同步</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%2 的 %1</translation>
    </message>
    <message>
        <source>%1 to handler %2</source>
        <translation>发给处理器 %2 的 %1</translation>
    </message>
    <message>
        <source>%1 of informer %2</source>
        <translation>informer %2 的 %1</translation>
    </message>
    <message>
        <source>%1 × %2 since the step before</source>
        <translation>上一步之后的 %1 × %2</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>a %1 since the step before</source>
        <translation>上一步之后的一个 %1</translation>
    </message>
    <message>
        <source>a %1</source>
        <translation>一个 %1</translation>
    </message>
    <message>
        <source>%1 has synced</source>
        <translation>%1 已同步</translation>
    </message>
    <message>
        <source>%1 has not synced</source>
        <translation>%1 尚未同步</translation>
    </message>
    <message>
        <source>nothing of %1</source>
        <translation>没有 %1 的任何记录</translation>
    </message>
    <message>
        <source>%1 not queued</source>
        <translation>%1 不在队列中</translation>
    </message>
    <message>
        <source>%1 still queued (%2)</source>
        <translation>%1 仍在队列中（%2）</translation>
    </message>
    <message>
        <source>%1 and in the Indexer</source>
        <translation>%1，且在 Indexer 中</translation>
    </message>
    <message>
        <source>%1, not in the Indexer</source>
        <translation>%1，不在 Indexer 中</translation>
    </message>
    <message>
        <source>Expected: %1 — it did not happen within %2 s; the journal shows: %3.</source>
        <translation>预期：%1——它没有在 %2 s 内发生；日志显示：%3。</translation>
    </message>
</context>
<context>
    <name>lens::WorkqueueModel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 (uid %2)</source>
        <translation>%1（uid %2）</translation>
    </message>
    <message>
        <source>base again (forgotten)</source>
        <translation>回到基础值（已 Forget）</translation>
    </message>
    <message>
        <source>%1 (doubles each failure, up to the limiter&apos;s cap)</source>
        <translation>%1（每次失败翻倍，以限速器上限为界）</translation>
    </message>
    <message>
        <source>the bucket&apos;s next token (overall rate, not per key)</source>
        <translation>令牌桶的下一个令牌（总体速率，而非按键）</translation>
    </message>
    <message>
        <source>%1 or more (%2)</source>
        <translation>%1 或更久（%2）</translation>
    </message>
    <message>
        <source>queued (dirty)</source>
        <translation>排队中（dirty）</translation>
    </message>
    <message>
        <source>processing · dirty: queued again at Done</source>
        <translation>处理中 · dirty：Done 时再次入队</translation>
    </message>
    <message>
        <source>processing</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>waiting (delayed)</source>
        <translation>等待中（延迟）</translation>
    </message>
    <message>
        <source>waited %1</source>
        <translation>已等 %1</translation>
    </message>
    <message>
        <source>for %1</source>
        <translation>已持续 %1</translation>
    </message>
    <message>
        <source>ready in %1 (at %2)</source>
        <translation>%1 后就绪（于 %2）</translation>
    </message>
    <message>
        <source>ready now (at %1)</source>
        <translation>现已就绪（于 %1）</translation>
    </message>
    <message>
        <source>AddAfter %1</source>
        <translation>AddAfter %1</translation>
    </message>
    <message>
        <source>%1 chose %2</source>
        <translation>%1 选择了 %2</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>Last sync: %1, %2</source>
        <translation>上次同步：%1，%2</translation>
    </message>
    <message>
        <source>Key (object)</source>
        <translation>键（对象）</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>失败次数</translation>
    </message>
    <message>
        <source>Last delay</source>
        <translation>上次延迟</translation>
    </message>
    <message>
        <source>Next backoff</source>
        <translation>下次退避</translation>
    </message>
    <message>
        <source>The queue&apos;s key and the object it stands for (a claim&apos;s UID, from the claims informer&apos;s objects and the controller&apos;s events)</source>
        <translation>队列的键及其代表的对象（claim 的 UID，取自 claims informer 的对象和控制器的事件）</translation>
    </message>
    <message>
        <source>Queued: in line, dirty (the # is the position); processing: a worker holds it (Get → Done); waiting: in the delaying queue until its ready time</source>
        <translation>排队中：在队列中，dirty（# 为位置）；处理中：某个 worker 持有它（Get → Done）；等待中：在延迟队列中直到就绪时间</translation>
    </message>
    <message>
        <source>Queued: since its Add; processing: since its Get; waiting: the countdown to its ready time (journal seconds)</source>
        <translation>排队中：自其 Add 起；处理中：自其 Get 起；等待中：距就绪时间的倒计时（日志秒）</translation>
    </message>
    <message>
        <source>NumRequeues: the failures the rate limiter counts for the key (AddRateLimited raises it, Forget clears it)</source>
        <translation>NumRequeues：限速器为该键记录的失败次数（AddRateLimited 使其增加，Forget 将其清零）</translation>
    </message>
    <message>
        <source>The limiter that chose the key&apos;s last delay (of a MaxOf, the one whose delay was the longest) and that delay</source>
        <translation>为该键选择上次延迟的限速器（对 MaxOf 而言，是延迟最长的那个）以及该延迟</translation>
    </message>
    <message>
        <source>What the next AddRateLimited would wait: ItemExponentialFailure doubles the delay per failure; Forget starts it from the base again</source>
        <translation>下一次 AddRateLimited 将等待多久：ItemExponentialFailure 每次失败将延迟翻倍；Forget 使其从基础值重新开始</translation>
    </message>
    <message>
        <source>count 0</source>
        <translation>计数 0</translation>
    </message>
    <message>
        <source>+1 per workqueueAdd that was not collapsed, −1 per workqueueGet: the dirty keys, so it can exceed the keys in line</source>
        <translation>每个未被合并的 workqueueAdd +1，每个 workqueueGet −1：即 dirty 的键数，因此可能超过排队中的键数</translation>
    </message>
    <message>
        <source>workqueueAdd events not collapsed and not ignored</source>
        <translation>未被合并且未被忽略的 workqueueAdd 事件</translation>
    </message>
    <message>
        <source>each workqueueDone&apos;s workMs (Get → Done), same buckets</source>
        <translation>每个 workqueueDone 的 workMs（Get → Done），桶相同</translation>
    </message>
    <message>
        <source>the summed age of the keys processing now (since their workqueueGet)</source>
        <translation>此刻处理中各键的时长之和（自其 workqueueGet 起）</translation>
    </message>
    <message>
        <source>the age of the oldest key processing now</source>
        <translation>此刻处理中最久的键的时长</translation>
    </message>
    <message>
        <source>workqueueAddAfter and workqueueAddRateLimited events not ignored</source>
        <translation>未被忽略的 workqueueAddAfter 和 workqueueAddRateLimited 事件</translation>
    </message>
    <message numerus="yes">
        <source>%1 (name dropped: only the newest %n deleted objects&apos; names are kept)</source>
        <translation>
            <numerusform>%1（名称已丢弃：只保留最新 %n 个已删除对象的名称）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>p50 over %1</source>
        <translation>p50 超过 %1</translation>
    </message>
    <message>
        <source>p50 &lt; 1 ms</source>
        <translation>p50 &lt; 1 毫秒</translation>
    </message>
    <message>
        <source>p50 ≤ %1</source>
        <translation>p50 ≤ %1</translation>
    </message>
    <message>
        <source>p50 over %1, at most %2</source>
        <translation>p50 超过 %1，至多 %2</translation>
    </message>
    <message>
        <source>count %1 · sum %2 · %3</source>
        <translation>计数 %1 · 总和 %2 · %3</translation>
    </message>
    <message>
        <source>each workqueueGet&apos;s waitedMs (first Add → Get) in client-go&apos;s buckets 1e-8 s … 10 s (×10 each); p50 names the bucket holding the median: over its lower bound, at most its upper one. The journal times whole milliseconds, so the buckets under 1 ms hold only 0 ms: &quot;&lt; 1 ms&quot;</source>
        <translation>每个 workqueueGet 的 waitedMs（首次 Add → Get），按 client-go 的桶统计：1e-8 秒 … 10 秒（每级 ×10）；p50 指出中位数所在的桶：大于其下界，至多其上界。日志以整毫秒计时，所以 1 毫秒以下的桶只含 0 毫秒：“&lt; 1 毫秒”</translation>
    </message>
</context>
<context>
    <name>lens::WorkqueuePanel</name>
    <message>
        <source>Workqueue</source>
        <translation>工作队列</translation>
    </message>
    <message>
        <source>Workqueue items</source>
        <translation>工作队列条目</translation>
    </message>
    <message>
        <source>past, at seq %1: </source>
        <translation>过去，序号 %1：</translation>
    </message>
    <message>
        <source>no workqueue in the journal (run a controller: --controller provisioner)</source>
        <translation>日志中没有工作队列（运行一个控制器：--controller provisioner）</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n queued</source>
        <translation>
            <numerusform>%1：%n 个排队中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n processing</source>
        <translation>
            <numerusform> · %n 个处理中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n waiting</source>
        <translation>
            <numerusform> · %n 个等待中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n dirty</source>
        <translation>
            <numerusform> · %n 个 dirty</numerusform>
        </translation>
    </message>
    <message>
        <source> · shut down</source>
        <translation> · 已关闭</translation>
    </message>
    <message numerus="yes">
        <source>%n provision(s) still to fail</source>
        <translation>
            <numerusform>还有 %n 次供应将失败</numerusform>
        </translation>
    </message>
    <message>
        <source>failing every provision of: %1</source>
        <translation>以下存储类的每次供应都失败：%1</translation>
    </message>
    <message>
        <source>The controller&apos;s queue shown: claims (keys are claim UIDs) or volumes (keys are PV names)</source>
        <translation>显示的控制器队列：claims（键为 claim 的 UID）或 volumes（键为 PV 名称）</translation>
    </message>
    <message>
        <source>Metric (client-go name)</source>
        <translation>指标（client-go 名称）</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>How it is derived from the journal</source>
        <translation>如何从日志推算</translation>
    </message>
    <message>
        <source>Built-in provisioner</source>
        <translation>内置供应器</translation>
    </message>
    <message>
        <source>Provision takes</source>
        <translation>Provision 耗时</translation>
    </message>
    <message>
        <source>Clock time each Provision call takes before it answers</source>
        <translation>每次 Provision 调用在应答前花费的时钟时间</translation>
    </message>
    <message>
        <source>Fail the next</source>
        <translation>让接下来的</translation>
    </message>
    <message>
        <source>provisions</source>
        <translation>次供应失败</translation>
    </message>
    <message>
        <source>The next N Provision calls fail (0 cancels): the claim is re-queued with AddRateLimited, 15 s, 30 s, 60 s …</source>
        <translation>接下来 N 次 Provision 调用失败（0 表示取消）：claim 以 AddRateLimited 重新入队，15 秒、30 秒、60 秒 …</translation>
    </message>
    <message>
        <source>Fail every provision of class</source>
        <translation>让该存储类的每次供应失败</translation>
    </message>
    <message>
        <source>failing (click to stop)</source>
        <translation>正在失败（单击停止）</translation>
    </message>
    <message>
        <source>fail it</source>
        <translation>使其失败</translation>
    </message>
</context>
</TS>
